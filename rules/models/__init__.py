from .formats import Format, FormatListEntry
from .simulations import SimulationChunk, SimulationJob

__all__ = ["Format", "FormatListEntry", "SimulationChunk", "SimulationJob"]
