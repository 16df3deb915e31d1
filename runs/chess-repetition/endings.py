# How the games of chess match PGNs ended: python endings.py PLAYER FILE.pgn... (repetition claimable, fifty-move rule, dead position, stalemate, the match limit; material lead of PLAYER at the end, pawn 1, minor 3, rook 5, queen 9)
import chess, chess.pgn, sys, collections
V={1:1,2:3,3:3,4:5,5:9,6:0}
c=collections.Counter(); lead=collections.Counter()
for path in sys.argv[2:]:
    f=open(path)
    while (g:=chess.pgn.read_game(f)):
        b=g.end().board(); res=g.headers["Result"]; learner_white=g.headers["White"]==sys.argv[1]
        mat=sum((V[p.piece_type] if p.color==chess.WHITE else -V[p.piece_type]) for p in b.piece_map().values())
        if not learner_white: mat=-mat
        score={"1-0":1,"0-1":0,"1/2-1/2":.5,"*":.5}[res]
        if not learner_white: score=1-score
        if res in ("1/2-1/2","*"):
            kind="stalemate" if b.is_stalemate() else "insufficient" if b.is_insufficient_material() else "rep" if b.can_claim_threefold_repetition() else "50" if b.can_claim_fifty_moves() else f"limit"
            c[kind]+=1
            lead[(kind, "learner+" if mat>=3 else "learner-" if mat<=-3 else "even")]+=1
        else: c["win" if score==1 else "loss"]+=1
print(c); print(sorted(lead.items()))
