"""What two or more of the page features share: forms, formats, words, the chart frame, the
round screen and the app-wide filters, hooks and error pages. It imports no feature."""
