"""What each process keeps so that a repeated read costs little: the byte-bounded LRU
(``store``), pages and JSON rendered once per revision (``pages``), and sheets derived once
per revision (``sheets``). Every key names the stored state it was made from, so nothing kept
is ever stale, and nothing is kept that another worker could contradict."""
