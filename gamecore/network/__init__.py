"""The neighbourhood network of Levinson & Weber (seed 001) as a learnable evaluation.

:mod:`.model` computes its value and gradient over the cells a game's
neighbourhoods (:mod:`gamecore.neighbourhoods`) gather; :mod:`.updates` is how
it learns from an error (gradient descent or EG±). The search reaches it through
:mod:`gamecore.algorithms.network_evaluation`.
"""
