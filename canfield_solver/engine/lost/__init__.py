"""Cheap proofs that a state the search enters is lost, each with its proof in docs/dominances.md:
a reserve that can never be emptied (``stuck_reserve``), cards that can never leave the card under
them (``buried_cards``), and a loss under the easier game (``easier_game``)."""
