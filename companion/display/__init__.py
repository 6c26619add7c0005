"""What pages show, apart from the blueprints: the sheet page's view of a game (``sheet``),
the checker's coaching (``coach``), SVG charts (``charts``, ``group_charts``), names as shown
(``naming``), the start buttons (``starts``) and the rendering of one block of a page
(``blocks``)."""
