"""Club nights and their table board."""
