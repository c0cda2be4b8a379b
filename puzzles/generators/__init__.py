"""Seeded puzzle generators that need nothing but the domain (standard library only)."""
