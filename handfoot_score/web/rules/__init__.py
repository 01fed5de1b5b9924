"""The rules pages: presets, house rules and rule cards."""
