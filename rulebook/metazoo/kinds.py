"""MetaZoo Page types and Aura types (2023 rulebook, "Page Types", "Aura Types")."""

# The ten Aura Types of the 2023 rulebook ("Aura Types"), plus neutral for generic costs.
AURA_TYPES = (
    "cosmic",
    "dark",
    "earth",
    "flame",
    "forest",
    "frost",
    "light",
    "lightning",
    "spirit",
    "water",
    "neutral",
)

BEASTIE = "Beastie"
SPELL = "Spell"
ARTIFACT = "Artifact"
POTION = "Potion"
AURA = "Aura"
TERRA = "Terra"
TOKEN = "Token"

PAGE_TYPES = (BEASTIE, SPELL, ARTIFACT, POTION, AURA, TERRA, TOKEN)
