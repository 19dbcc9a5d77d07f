"""errorkb's client: the card of an error where the error happens.

The public surface is filled in by the modules below; nothing here imports Django.
"""
