"""Pure-Python game engines (BALL, The Baa). Nothing in this package may import Django."""
