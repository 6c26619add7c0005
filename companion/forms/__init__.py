"""Every WTForms form of the pages: games and rounds (``games``), groups (``groups``), the
printable sheet's options (``printing``)."""
