"""Destrier: a digital table for Ruckus skirmish wargaming."""
