"""Tash-Kalar's rules table: every citation code with an English and a Hungarian one-liner.

Codes are "TK", the rulebook section (Hungarian), the mode tag and the point:
``TK Idézés.hiány`` (summoning, piece shortage), ``TK Párbaj.pont`` (DUEL scoring),
``TK Csata.rögtönzött`` (BATTLE improvised summon). Our rulings are ``TK R.n`` (RULINGS.md).
"""

from __future__ import annotations

from typing import Any

RULES: dict[str, tuple[str, str]] = {
    # --- components and set-up (spec §1, §3)
    "TK Elemek.tábla": ("The board is a square grid; one side for High Form, the other for "
                        "Deathmatch.", "A tábla négyzetrács; egyik oldala a Haladó, a másik az "
                        "Öldöklés játékmódé."),
    "TK Elemek.rang": ("Pieces have three ranks: common < heroic < legendary.",
                       "A jelzőknek három rangja van: közönséges < hősi < legendás."),
    "TK Elemek.készlet": ("Each colour has a limited supply of common/heroic tokens and of "
                          "legendary tokens.", "Minden színnek véges készlete van "
                          "közönséges/hősi és legendás jelzőkből."),
    "TK Előkészület.1": ("Put the board in the middle, the side that suits the mode up.",
                         "A táblát a játékmódnak megfelelő oldalával középre tesszük."),
    "TK Előkészület.2": ("Shuffle the legend deck and the flare deck.",
                         "A legendák és a Felvillanások pakliját megkeverjük."),
    "TK Előkészület.4": ("Each player shuffles their own deck.",
                         "Mindenki megkeveri a saját pakliját."),
    "TK Előkészület.6": ("Each player draws 3 cards from their own deck, 2 legends and 1 flare.",
                         "Mindenki húz 3 lapot a saját paklijából, 2 legendát és 1 "
                         "Felvillanást."),
    "TK Előkészület.Párbaj": ("DUEL: the second player puts one common piece of each colour on "
                              "different symbol squares.", "PÁRBAJ: a második játékos minden "
                              "színből egy közönséges jelzőt tesz különböző jeles mezőkre."),
    "TK Előkészület.Párbaj.pontjelző": ("DUEL: each side puts a common piece of its colour on "
                                        "0 of the score track.", "PÁRBAJ: mindkét fél egy "
                                        "közönséges jelzőjét a pontozótábla 0 mezőjére teszi."),
    "TK Előkészület.Csata": ("BATTLE: the last player places three common pieces of three "
                             "colours, each touching a different symbol square.",
                             "CSATA: az utolsó játékos három különböző színű közönséges "
                             "jelzőt tesz le, mindegyiket más jeles mezővel érintkezőre."),
    "TK Előkészület.Csata.pontjelző": ("BATTLE: each player takes one piece of each opponent, "
                                       "heroic side up, as score markers.", "CSATA: mindenki "
                                       "elvesz minden ellenféltől egy jelzőt, hősi oldalával "
                                       "felfelé, pontjelzőnek."),
    "TK Előkészület.Haladó": ("High Form: reveal three non-advanced tasks, not all of one "
                              "category, and the next task.", "HALADÓ: felfedünk három nem "
                              "haladó szintű, nem egyetlen kategóriájú feladatot és a "
                              "következő feladatot."),
    "TK Előkészület.Haladó.3a4": ("High Form: if 3 of the 4 face-up tasks share a category, the "
                                  "next task goes under the deck.", "HALADÓ: ha a 4 felfordított "
                                  "feladatból 3 azonos kategóriájú, a következő feladat a "
                                  "pakli aljára kerül."),
    "TK Előkészület.Csapat": ("TEAM: teammates share one colour; the bottom six cards of each "
                              "deck are turned.", "CSAPAT: a csapattársak egy színen "
                              "osztoznak; a paklik alsó hat lapja elforgatva."),
    "TK Előkészület.Csapat.legenda": ("TEAM: the teammate who plays first draws the team's two "
                                      "legends.", "CSAPAT: a csapatból elsőként következő húzza "
                                      "a csapat két legendáját."),
    # --- the turn (spec §4)
    "TK Kör.1": ("Turns go clockwise; each turn has two actions, all used.",
                 "A körök az óramutató járásával haladnak; minden körben két akció van, "
                 "mindet fel kell használni."),
    "TK Kör.kezdő": ("The start player has only one action on their first turn.",
                     "A kezdőjátékos első körében csak egy akciója van."),
    "TK Kör.akciók": ("Actions may come in any order and repeat; you cannot act while an effect "
                      "is resolving.", "Az akciók tetszőleges sorrendben ismétlődhetnek; hatás "
                      "végrehajtása közben nem kezdhetsz újat."),
    "TK Kör.vége": ("At the end of the turn: tasks, scoring, drawing, end checks, in this order.",
                    "A kör végén sorban: feladat, pontozás, húzás, a játék végének "
                    "ellenőrzése."),
    "TK Kör.húzás": ("At the end of your turn draw back up to 3 creatures, 2 legends, 1 flare.",
                     "A köröd végén visszahúzol 3 teremtményre, 2 legendára, 1 "
                     "Felvillanásra."),
    "TK Kör.húzás.keverés": ("An empty legend or flare deck is made again from its discards.",
                             "Ha a legenda- vagy Felvillanás-pakli elfogy, a dobott lapjait "
                             "megkeverve új paklit képzünk."),
    "TK Kör.húzás.saját": ("Own decks are never reshuffled; with the last card drawn you may "
                           "hold fewer.", "A saját paklit sosem keverjük újra; az utolsó lap "
                           "után kevesebb lapod is lehet."),
    "TK Kör.sorrend": ("It is another player's turn or choice, not yours.",
                       "Nem te következel, és nem a te döntésed."),
    "TK Akció.lerakás": ("Place: put a common piece of your colour on an empty square.",
                         "Lerakás: egy saját színű közönséges jelzőt teszel egy üres mezőre."),
    "TK Akció.lerakás.hiány": ("Place with no piece left: first pick up one of your common or "
                               "heroic pieces, then place it as common.", "Jelzőhiány "
                               "lerakáskor: előbb felveszed egy közönséges vagy hősi "
                               "jelződet, majd közönségesként leteszed."),
    "TK Akció.dobás": ("Discard (once a turn): discard a creature card; you may also put other "
                       "cards under their decks.", "Dobás (körönként egyszer): eldobsz egy "
                       "teremtménylapot, és további lapokat tehetsz a paklijuk aljára."),
    "TK Akció.nincs": ("With actions left and no legal action, the remaining actions are lost.",
                       "Ha maradt akciód, de nincs szabályos lépésed, a maradék akciók "
                       "elvesznek."),
    # --- summoning (spec §5)
    "TK Idézés": ("Summon: show the card's pattern on the board with your pieces, then place the "
                  "new piece on the outlined square.", "Idézés: megmutatod a lap alakzatát a "
                  "saját jelzőiddel, majd a bekeretezett mezőre teszed az új jelzőt."),
    "TK Idézés.szimmetria": ("The pattern may be rotated and mirrored (8 ways).",
                             "Az alakzat elforgatható és tükrözhető (8 módon)."),
    "TK Idézés.rang": ("Each pattern piece must be yours, of equal or higher rank than shown.",
                       "Az alakzat minden jelzője a tiéd, és legalább akkora rangú, mint a "
                       "rajzon."),
    "TK Idézés.cél": ("A piece of equal or lower rank on the outlined square is destroyed; a "
                      "higher one forbids the summon.", "A bekeretezett mezőn álló egyenlő "
                      "vagy kisebb rangú jelző lerombolódik; nagyobb rangú mellett nem "
                      "idézhetsz."),
    "TK Idézés.hiány": ("Summon with no token of the needed kind: use your piece on the square, "
                        "or take one the pattern does not need.", "Jelzőhiány idézéskor: a "
                        "mezőn álló jelződet használod, vagy egy, az alakzathoz nem kellőt "
                        "veszel fel."),
    "TK Idézés.hatás": ("Resolve the card's effect, then discard the card.",
                        "Végrehajtod a lap hatását, majd eldobod a lapot."),
    "TK Idézés.legenda": ("A legend is summoned like a creature; upgrading is not summoning a "
                          "legend.", "A legendát ugyanúgy idézed meg; a felfejlesztés nem "
                          "legendaidézés."),
    "TK Idézés.kéz": ("You can only summon a creature or legend card from your hand.",
                      "Csak a kezedben lévő teremtményt vagy legendát idézheted meg."),
    # --- effects (spec §6)
    "TK Hatás.1": ("While an effect resolves you cannot act or call a flare; do what you can of "
                   "it.", "Hatás végrehajtása közben nem cselekedhetsz és nem hívhatsz "
                   "Felvillanást; amit tudsz, végrehajtasz."),
    "TK Hatás.választható": ("Optional parts may be declined; 'up to N' includes 0.",
                             "A választható részek kihagyhatók; a 'legfeljebb N' a 0-t is "
                             "megengedi."),
    "TK Hatás.mozgás": ("Move: to an adjacent square; a piece there is destroyed.",
                        "Mozgás: szomszédos mezőre; az ott álló jelző lerombolódik."),
    "TK Hatás.alapmozgás": ("Basic move or jump: onto an empty square or a lower-rank piece.",
                            "Alapmozgás vagy -ugrás: üres mezőre vagy kisebb rangú jelzőre."),
    "TK Hatás.harcimozgás": ("Combat move or jump: onto an empty square or an equal or lower "
                             "rank piece.", "Harci mozgás vagy ugrás: üres mezőre vagy "
                             "egyenlő vagy kisebb rangú jelzőre."),
    "TK Hatás.ugrás": ("Jump: like a move, to any square in range.",
                       "Ugrás: mint a mozgás, de bármely mezőre a hatótávon belül."),
    "TK Hatás.lerakás": ("Place as an effect: with no piece of that rank in supply, nothing is "
                         "placed.", "Lerakás hatásként: ha nincs ilyen rangú jelző a "
                         "készletben, semmi sem kerül le."),
    "TK Hatás.felfejlesztés": ("Upgrade: common to heroic (flip), heroic to legendary (if a "
                               "legendary token is free).", "Felfejlesztés: közönségesből hősi "
                               "(átfordítás), hősiből legendás (ha van szabad legendás "
                               "jelző)."),
    "TK Hatás.lefokozás": ("Downgrade: heroic to common, legendary to heroic (if a token is "
                           "free).", "Lefokozás: hősiből közönséges, legendásból hősi (ha van "
                           "szabad jelző)."),
    "TK Hatás.pusztítás": ("Destroy: remove the piece from the board.",
                           "Lerombolás: a jelzőt levesszük a tábláról."),
    "TK Hatás.pusztítás.számlálás": ("Summoning onto, moves, jumps, destroying and converting "
                                     "destroy; up- and downgrades never do.", "Rombol: a "
                                     "ráidézés, a mozgás, az ugrás, a lerombolás és az "
                                     "átalakítás; a fel- és lefokozás soha."),
    "TK Hatás.átalakítás": ("Convert: replace an enemy piece with your own of the same rank.",
                            "Átalakítás: egy ellenséges jelzőt saját, azonos rangú jelzőre "
                            "cserélünk."),
    "TK Hatás.akció": ("'You gain an action': one more action this turn.",
                       "'Kapsz egy akciót': egy további akciód van ebben a körben."),
    "TK Hatás.extra": ("Draw an extra card at the end of the turn, after the normal refill.",
                       "A kör végén a szokásos húzás után egy extra lapot húzol."),
    "TK Hatás.cél": ("That is not one of the squares or pieces this effect may choose.",
                     "Ezt a mezőt vagy jelzőt ez a hatás nem választhatja."),
    # --- flares (spec §7)
    "TK Felvillanás": ("Call a flare before or after an action, once a turn, if one of its "
                       "criteria holds.", "Felvillanást akció előtt vagy után hívhatsz, "
                       "körönként egyszer, ha valamelyik feltétele teljesül."),
    "TK Felvillanás.felső": ("Upper criterion: the opponent has N more upgraded pieces than "
                             "you.", "Felső feltétel: az ellenfélnek N-nel több "
                             "felfejlesztett jelzője van."),
    "TK Felvillanás.alsó": ("Lower criterion: the opponent has N more pieces than you.",
                            "Alsó feltétel: az ellenfélnek N-nel több jelzője van."),
    "TK Felvillanás.mindkettő": ("Both criteria met: the upper effect first, then the lower.",
                                 "Ha mindkettő teljesül: előbb a felső, majd az alsó hatás."),
    "TK Felvillanás.Párbaj": ("DUEL: when you call a flare your opponent scores 1 point.",
                              "PÁRBAJ: ha Felvillanást hívsz, az ellenfeled 1 pontot kap."),
    "TK Felvillanás.Csata": ("BATTLE: the opponent you compared with scores 1 point in your "
                             "colour.", "CSATA: az ellenfél, akivel összehasonlítottad magad, "
                             "1 pontot kap a te színedben."),
    # --- scoring (spec §8)
    "TK Haladó.feladat": ("High Form: at the end of your turn you may claim one task you meet.",
                          "HALADÓ: köröd végén teljesített feladatot igényelhetsz, legfeljebb "
                          "egyet."),
    "TK Haladó.legenda": ("High Form: 1 point per legendary piece of your colour on the board.",
                          "HALADÓ: 1 pont jár minden saját legendás jelződért a táblán."),
    "TK Párbaj.pont": ("DUEL: enemy pieces destroyed this turn score 2 per legendary, 1 per "
                       "heroic, 1 per pair of commons.", "PÁRBAJ: a körben lerombolt ellenséges "
                       "jelzők: legendás 2, hősi 1, két közönséges 1 pont."),
    "TK Párbaj.legenda": ("DUEL: +1 point each time you summon a legend.",
                          "PÁRBAJ: minden legendaidézés +1 pont."),
    "TK Csata.pont": ("BATTLE: destroyed pieces score in their colour: 2 / 1 / 1 per pair.",
                      "CSATA: a lerombolt jelzők a saját színükben pontoznak: 2 / 1 / "
                      "páronként 1."),
    "TK Csata.páratlan": ("BATTLE: 2-3 unpaired commons of different colours give 1 more point "
                          "in one of them.", "CSATA: 2-3 különböző színű pár nélküli "
                          "közönséges 1 további pontot ad az egyik színben."),
    "TK Csata.legenda": ("BATTLE: +1 point in a colour of your choice per legend summoned.",
                         "CSATA: legendaidézésért +1 pont egy választott színben."),
    "TK Csata.rögtönzött": ("BATTLE: once per enemy colour, one enemy piece may stand in a "
                            "pattern as your own.", "CSATA: ellenséges színenként egyszer egy "
                            "ellenséges jelző a sajátodként szerepelhet az alakzatban."),
    "TK Csapat.átadás": ("TEAM: you may hand control to your teammate, who finishes the effect "
                         "and places with the actions left.", "CSAPAT: átadhatod az irányítást "
                         "a társadnak, aki befejezi a hatást és a maradék akciókkal lerak."),
    "TK Csapat.átadás.csak_lerakás": ("TEAM: after a hand-over the teammate may only place "
                                      "common pieces.", "CSAPAT: átadás után a társ csak "
                                      "közönséges jelzőt rakhat le."),
    "TK Csapat.forgatott": ("TEAM: cards put under a deck are turned; exactly six stay turned.",
                            "CSAPAT: a pakli aljára tett lapok elforgatva; pontosan hat marad "
                            "elforgatva."),
    # --- end (spec §9)
    "TK Vége.pakli": ("The game ends after a player draws the last card of their own deck.",
                      "A játék véget ér, ha valaki felhúzza a saját paklija utolsó lapját."),
    "TK Vége.Haladó": ("High Form: the end comes at 9 or more points.",
                       "HALADÓ: 9 vagy több pontnál jön a vége."),
    "TK Vége.Párbaj": ("DUEL: the end comes at 18 or more points.",
                       "PÁRBAJ: 18 vagy több pontnál jön a vége."),
    "TK Vége.Csata": ("BATTLE: the end comes at 12 (3 players) or 10 (4 players) points in one "
                      "colour.", "CSATA: egy színben 12 (3 játékos) vagy 10 (4 játékos) pontnál "
                      "jön a vége."),
    "TK Vége.Csapat": ("TEAM: drawing the last unturned card, or having only turned cards, "
                       "triggers the end.", "CSAPAT: az utolsó nem forgatott lap felhúzása, "
                       "vagy ha csak forgatott lapod van, a véget indítja."),
    "TK Vége.kör": ("After the end is triggered, every player plays one more full turn.",
                    "A vége jelzése után mindenki még egy teljes kört játszik."),
    "TK Vége.győztes": ("The most points wins; BATTLE counts each player's lowest colour.",
                        "A legtöbb pont nyer; CSATÁBAN mindenki a legkisebb színpontja "
                        "számít."),
    "TK Vége.döntetlen": ("Ties: more upgraded pieces, then more pieces on the board; else a "
                          "tie.", "Holtverseny: több felfejlesztett, majd több jelző a táblán; "
                          "különben döntetlen."),
    "TK Vége.feladás": ("With two sides a side may concede; not in BATTLE.",
                        "Két fél esetén fel lehet adni; CSATÁBAN nem."),
    "TK Vége.játék": ("The game is over.", "A játéknak vége."),
}

#: Our rulings (RULINGS.md); the one-liners say the reading.
RULINGS_ONE_LINERS: dict[str, tuple[str, str]] = {}


def register_rulings(table: dict[str, tuple[str, str]]) -> None:
    RULINGS_ONE_LINERS.update(table)
    RULES.update(table)


def rule_of(event: Any) -> str:
    """The rule an event cites."""
    rule = getattr(event, "rule", "")
    if rule:
        return rule
    return "TK Kör.1"
