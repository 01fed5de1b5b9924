// The Print button of a page made for paper (templates/printouts/): hidden without a script.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => print());
}
