"""PDF sheets, the standings' picture and the text a game shares."""
