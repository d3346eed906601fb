"""Models of the matches app arrive with their issue; the app is registered so its URLs and
templates have a home from the start."""
