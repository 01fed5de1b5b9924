"""What a page must be on a phone, measured in the browser: it fits 360 px, its text is at
least 16 px, whatever is tapped is at least 44 by 44 px, number fields bring up the
number keypad, every field has a label, and axe-core finds nothing to fault."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Playwright is imported only once the browser fixture found it.
    from playwright.sync_api import ConsoleMessage, Page

NARROWEST = 360
SMALLEST_TEXT_PX = 16
SMALLEST_TARGET_PX = 44

#: Runs in the page: returns a list of problems, each a short sentence naming the element.
_MEASURE = """
([smallestText, smallestTarget]) => {
  const problems = [];
  const describe = (el) => {
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim();
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.name ? '[name=' + el.name + ']' : '') + (text ? ' "' + text.slice(0, 40) + '"' : '');
  };
  // Shown to sighted people: rendered, not hidden, and not the 1-px visually-hidden clip.
  const seen = (el) => {
    if (!el.getClientRects().length) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (node.getAttribute('aria-hidden') === 'true' && node.tabIndex < 0) return false;
      if (style.clip === 'rect(0px, 0px, 0px, 0px)'
          || style.clipPath === 'inset(50%)') return false;
    }
    return true;
  };
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push('the page scrolls sideways: ' + root.scrollWidth + ' px wide in ' +
                  root.clientWidth + ' px');
  }
  for (const el of document.body.querySelectorAll('*')) {
    const ownText = [...el.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
    if (!ownText || !seen(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallestText) problems.push('text in ' + describe(el) + ' is ' + size + ' px');
  }
  const targets = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary');
  for (const el of targets) {
    let box = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      box = el.closest('label') || (el.labels && el.labels[0]) || el.parentElement;
    }
    if (!seen(el) && !(box !== el && seen(box))) continue;
    // A link inside a sentence may be as small as the sentence's line (WCAG 2.5.8).
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' &&
        el.parentElement.innerText.trim().length > el.innerText.trim().length) continue;
    const rect = box.getBoundingClientRect();
    if (rect.width < smallestTarget - 0.5 || rect.height < smallestTarget - 0.5) {
      problems.push(describe(el) + ' is a ' + Math.round(rect.width) + ' x ' +
                    Math.round(rect.height) + ' px target');
    }
  }
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (['hidden', 'submit', 'button', 'reset'].includes(el.type)) continue;
    const named = (el.labels && el.labels.length) || el.getAttribute('aria-label') ||
      el.getAttribute('aria-labelledby');
    if (!named) problems.push(describe(el) + ' has no label');
    const numeric = el.type === 'number' || (el.type === 'text' && /^-?[0-9]+$/.test(el.value));
    if (numeric && !['numeric', 'decimal'].includes(el.getAttribute('inputmode'))) {
      problems.push(describe(el) + ' holds a number but brings up no number keypad');
    }
  }
  return problems;
}
"""

def phone_problems(page: Page) -> list[str]:
    """Everything on the page, as it is now, that fails the phone checks."""
    problems: list[str] = page.evaluate(_MEASURE, [SMALLEST_TEXT_PX, SMALLEST_TARGET_PX])
    return problems


def axe_violations(page: Page) -> list[str]:
    """axe-core's violations on the page, one line each with the elements at fault."""
    from axe_playwright_python.sync_playwright import Axe

    results: dict[str, Any] = Axe().run(page).response
    return [f"{v['id']} ({v['impact']}): {v['help']}: " +
            ", ".join(" ".join(node["target"]) for node in v["nodes"][:5])
            for v in results["violations"]]


class PageChecks:
    """Checks every page a test shows, keeps its screenshot, and gathers what failed, so
    one run shows every problem (and every picture) at once."""

    def __init__(self, page: Page, folder: Path, prefix: str,
                 axe_page: Page | None = None) -> None:
        """``axe_page`` runs axe-core for a page whose JavaScript is off (axe-core waits
        on timers that never fire there): a tab with JavaScript on and every script of
        the site blocked, shown the same HTML."""
        self.page = page
        self.axe_page = axe_page
        self.folder = folder
        self.prefix = prefix
        self.problems: list[str] = []
        self.shown = 0
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        # The Content-Security-Policy reports what it blocked only here.
        if message.type == "error" and "Content Security Policy" in message.text:
            self.problems.append(f"{self.page.url}: {message.text}")

    def check(self, name: str, settle: bool = True) -> None:
        """Measure the page as it is now at 360 px, keep its picture, and run axe-core.

        ``settle`` first waits until the page has been quiet on the network for half a
        second, for a tap whose script is still saving by fetch; a page just opened
        (``goto``, a tapped link or button that loaded a page) has loaded already and is
        checked at once (``settle=False``): the half second, on every page of every walk, was
        a third of the browser tests' time."""
        self.shown += 1
        self.page.wait_for_load_state("networkidle" if settle else "load")
        size = self.page.viewport_size or {"width": NARROWEST, "height": 740}
        self.page.set_viewport_size({"width": NARROWEST, "height": size["height"]})
        found = [f"at {NARROWEST} px: {problem}" for problem in phone_problems(self.page)]
        self.page.set_viewport_size(size)
        self._keep_picture(self.folder / f"{self.prefix}-{self.shown:02d}-{name}.png")
        found += [f"axe: {violation}" for violation in axe_violations(self._for_axe())]
        self.problems += [f"{name} ({self.page.url}): {problem}" for problem in found]

    def _keep_picture(self, path: Path) -> None:
        from playwright.sync_api import Error as PlaywrightError

        try:
            self.page.screenshot(path=path, full_page=True)
        except PlaywrightError as error:
            # Chromium answers "Unable to capture screenshot" now and then when the picture
            # is asked for while the page is still being laid out again after the viewport
            # changed back from 360 px (seen once in a hundred pages on a two-core machine):
            # wait for the next frame and ask once more. A second failure is a real one.
            if "Unable to capture screenshot" not in str(error):
                raise
            self.page.wait_for_timeout(250)
            self.page.screenshot(path=path, full_page=True)

    def _for_axe(self) -> Page:
        if self.axe_page is None:
            return self.page
        from playwright.sync_api import Error as PlaywrightError

        url, html = self.page.url, self.page.content()
        self.axe_page.route(url, lambda route: route.fulfill(
            body=html, content_type="text/html; charset=utf-8"))
        try:
            self.axe_page.goto(url)
        except PlaywrightError:
            # On a machine this busy, the tab's last copy may still be loading when the next
            # is asked for, and the new navigation is aborted: ask once more, as a person
            # would reload. A second failure is a real one.
            self.axe_page.goto(url)
        self.axe_page.unroute(url)
        return self.axe_page

    def assert_all_passed(self) -> None:
        """Fail with every problem seen on every page."""
        assert not self.problems, "\n".join(self.problems)
