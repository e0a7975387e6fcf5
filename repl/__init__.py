"""The interactive front end (prompt_toolkit); see issue 6."""
