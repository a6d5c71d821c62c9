"""The balance lab: AI-against-AI studies described as data (`python -m game.lab EXPERIMENT.toml`)."""
