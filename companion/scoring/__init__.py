"""The score sheet as value objects, derived from the recorded rounds by pure functions.

Standard library only (besides :mod:`companion.rules`), fully typed. Card games live in
:mod:`.sheet`, the board game in :mod:`.board`; :func:`build_sheet` and friends pick the
right one by the setup's edition.
"""

from companion.scoring.final import final_problems, final_sheet, phases_completed, ranked
from companion.scoring.game import (
    add_round,
    build_sheet,
    check_round,
    continue_sheet,
    replace_round,
)
from companion.scoring.model import (
    FinalResult,
    GameFinished,
    GameSpec,
    InvalidSetup,
    Move,
    NeedsConfirmation,
    PlayerLine,
    Problem,
    Result,
    Round,
    RoundRejected,
    RoundView,
    Setup,
    Sheet,
    Status,
)
from companion.scoring.plausibility import least_without_phase
from companion.scoring.sheet import phase_tried

__all__ = [
    'least_without_phase', 'FinalResult', 'GameFinished', 'GameSpec', 'InvalidSetup', 'Move',
    'NeedsConfirmation',
    'PlayerLine', 'Problem', 'Result', 'Round', 'RoundRejected', 'RoundView', 'Setup', 'Sheet',
    'Status', 'add_round', 'build_sheet', 'check_round', 'continue_sheet', 'phase_tried',
    'replace_round', 'final_problems', 'final_sheet', 'phases_completed', 'ranked',
]
