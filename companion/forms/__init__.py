"""Every WTForms form of the pages: games and rounds (``games``), the checker and its coach
(``checker``), groups (``groups``), the printable sheet's options (``printing``)."""
