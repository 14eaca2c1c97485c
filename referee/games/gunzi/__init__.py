"""gunzi"""
