"""What the site, the API and the workers do with jobs: submit one (test_games, doctor, through
submit and admission), let its owner cancel or share it (access), and run its chunks (chunks,
queue)."""
