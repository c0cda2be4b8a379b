"""The one-way labyrinth (Hamiltonian paths): exact counting, sampling and a completion oracle."""
