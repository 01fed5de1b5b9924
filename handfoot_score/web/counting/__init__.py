"""Counting a round: the count page, its forms and the corrections of a recorded round."""
