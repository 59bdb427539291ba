"""M.A.G.U.S. shipped games (games/, made by record.py) and teaching scenarios (scenarios/)."""
