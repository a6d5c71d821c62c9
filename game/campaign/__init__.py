"""The campaign: two retinues fight a run of battles that leave their mark (RULES-BRIEF §12.3).

`rules` holds the campaign's tables from the content (`campaign.toml`), `model` the campaign as
one versioned model, `sequence` the post-battle sequence (a pure function of the campaign and a
battle's result, on the campaign's own seeded dice) and `result` a battle's result read from a
finished game. Nothing here draws or reads the player's folders.
"""

from game.campaign.model import (
                                 CAMPAIGN_KIND,
                                 CAMPAIGN_VERSION,
                                 BattleResult,
                                 Campaign,
                                 Event,
                                 MemberRecord,
                                 ModelOutcome,
                                 Retinue,
                                 Roll,
                                 new_campaign,
)
from game.campaign.result import battle_result, field_order, model_numbers, valour_won
from game.campaign.rules import CampaignRules, campaign_rules, campaign_rules_from
from game.campaign.sequence import after_battle, campaign_dice

__all__ = ["CAMPAIGN_KIND", "CAMPAIGN_VERSION", "BattleResult", "Campaign", "CampaignRules", "Event",
           "MemberRecord", "ModelOutcome", "Retinue", "Roll", "after_battle", "battle_result",
           "campaign_dice", "campaign_rules", "campaign_rules_from", "field_order", "model_numbers",
           "new_campaign", "valour_won"]
