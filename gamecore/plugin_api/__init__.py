"""The parts of :class:`gamecore.game.Game` a plugin implements, one concern each.

:mod:`~gamecore.plugin_api.rules` is required of every game;
:mod:`~gamecore.plugin_api.presentation` has three required methods (drawing);
:mod:`~gamecore.plugin_api.learning` and :mod:`~gamecore.plugin_api.environments`
are optional. Plugins subclass :class:`gamecore.game.Game`, which joins them.
"""
