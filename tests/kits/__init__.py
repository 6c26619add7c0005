"""What tests share: servers, clients, pages, games and references. Imported as
``tests.kits.<kit>``; no test module imports another."""
