"""The pages through the test client: forms, rounds, refusals, assets."""
