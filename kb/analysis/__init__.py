"""The optional AI pass (`manage.py analyze`): an entry's evidence sent to an OpenAI-compatible chat-completions
endpoint (`client`), asked for the card's sections as JSON (`prompt`), every name the answer uses checked against
the evidence and the repository's source (`verify`), and the result stored beside the curator's text (`run`)."""
