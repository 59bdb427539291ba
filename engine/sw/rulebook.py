"""The Summoner Wars rules the engine cites, each with a one-line summary in English and Hungarian,
and the rule behind every event.

**Citation scheme** (summoner-wars.md, RULESETS.md): ``SW <section>.<n>`` names a section of the
Hungarian rulebook by its heading and the n-th rule of it in the rulebook's order
(``SW Támadás.2``: the attack phase's targeting rule); ``SW gl. <HEADWORD>`` names a glossary
entry (``SW gl. HELYETT``); ``SW Döntés.<n>`` names one of our rulings (``engine/sw/RULINGS.md``).
The summaries are our paraphrases, not quotations.
"""

from __future__ import annotations

from engine.sw import events as E
from engine.sw.rulings import RULINGS

#: rule -> (English, Hungarian).
RULES: dict[str, tuple[str, str]] = {
    # -- Előkészületek (set-up)
    "SW Előkészületek.3": ("Each player takes a faction deck or a legal custom deck.",
                           "Mindkét játékos választ egy frakciópaklit vagy szabályos egyedi "
                           "paklit."),
    "SW Előkészületek.4": ("Summoner, two starting units and the starting gate go on the "
                           "battlefield as the summoner's card shows.",
                           "Az idéző, a két induló egység és az induló kapu az idéző lapjának "
                           "hátoldala szerint kerül a csatatérre."),
    "SW Előkészületek.5": ("Shuffle the other cards into a draw pile and draw 5.",
                           "A többi lapot keverd húzópaklivá, és húzz 5 lapot."),
    "SW Előkészületek.6": ("Choose the first player at random; they start with 2 magic, the "
                           "other with 3.",
                           "Sorsoljatok kezdőjátékost: ő 2, a másik játékos 3 mágiaponttal "
                           "kezd."),
    "SW Pakliépítés.1": ("A deck has 34 cards: summoner, gates, starting units, epic and common "
                         "events, 3 champions, 16 commons.",
                         "Egy pakli 34 lapból áll: idéző, kapuk, induló egységek, epikus és "
                         "általános események, 3 bajnok, 16 közönséges egység."),
    "SW Pakliépítés.2": ("Every unit and event shares a deck symbol with the summoner; copy "
                         "limits 2 / 1 / 4.",
                         "Minden egység és esemény pakliszimbóluma egyezik az idézőével; "
                         "példánykorlát 2 / 1 / 4."),
    # -- A játék menete (turn order)
    "SW A játék menete.1": ("Players alternate turns; a turn is summon, move, build, attack, "
                            "magic and draw, in order.",
                            "A játékosok felváltva jönnek; egy kör: idézés, mozgás, építkezés, "
                            "támadás, mágia, húzás, sorrendben."),
    "SW Kör kezdete.1": ("At the start of your turn discard all your active events.",
                         "Köröd kezdetén dobd el minden aktív eseményedet."),
    # -- phases
    "SW Idézés.1": ("Summon units from hand: pay the cost and place each on an empty square "
                    "next to a gate you control.",
                    "Idézz egységeket a kezedből: fizesd ki a költséget, és tedd egy általad "
                    "irányított kapuval szomszédos üres mezőre."),
    "SW Mozgás.1": ("Move up to 3 different units.",
                    "Legfeljebb 3 különböző egységeddel mozoghatsz."),
    "SW Mozgás.2": ("A unit moves 1 or 2 squares, each step onto an adjacent empty square; it "
                    "cannot pass through cards.",
                    "Egy egység 1 vagy 2 mezőt mozog, mindig szomszédos üres mezőre; "
                    "kártyán nem haladhat át."),
    "SW Mozgás.3": ("A unit that is also a structure cannot move unless an effect allows it.",
                    "Az építmény egység nem mozoghat, hacsak egy hatás ezt nem engedi."),
    "SW Építkezés.1": ("Build structures from hand: pay the cost and place each on an empty "
                       "square of your back 3 rows or next to your summoner.",
                       "Építs építményeket a kezedből: fizesd ki a költséget, és tedd a hátsó "
                       "3 sorod vagy az idéződ melletti üres mezőre."),
    "SW Támadás.1": ("Attack with up to 3 different units you control, one attack each.",
                     "Legfeljebb 3 különböző egységeddel támadhatsz, mindegyikkel egyszer."),
    "SW Támadás.2": ("Melee units target adjacent cards; ranged units target cards up to 3 "
                     "squares away in a straight line with only empty squares between.",
                     "Közelharci egység szomszédos kártyát, távolsági egység egyenes vonalban, "
                     "legfeljebb 3 akadálymentes mezőre lévő kártyát célozhat."),
    "SW Támadás.3": ("Roll as many dice as the attacker's strength.",
                     "Dobj a támadó erejével megegyező számú kockával."),
    "SW Támadás.4": ("The target takes 1 damage per die showing the attacker's symbol; "
                     "specials do nothing unless an effect says so.",
                     "A célpont minden, a támadó típusának megfelelő szimbólum után 1 sérülést "
                     "szenved; a különleges szimbólum magában nem hat."),
    "SW Kártyák sérülése.1": ("Damage is marked with tokens and lowers the card's life.",
                              "A sérülést jelzők mutatják; ennyivel csökken a kártya élete."),
    "SW Kártyák sérülése.2": ("A card whose life reaches 0 is destroyed: discarded, with the "
                              "cards under it.",
                              "A 0 életű kártya elpusztul: eldobod, az alatta lévőkkel együtt."),
    "SW Kártyák sérülése.3": ("Each time a card you control destroys an enemy card, gain 1 "
                              "magic.",
                              "Ha egy általad irányított kártya elpusztít egy ellenséges "
                              "kártyát, 1 mágiapontot kapsz."),
    "SW Kártyák eldobása.1": ("A discarded card loses its tokens and goes face down onto its "
                              "owner's discard pile, with the cards under it.",
                              "Az eldobott kártyáról lekerülnek a jelzők, és képpel lefelé a "
                              "tulajdonosa dobópaklijára kerül, az alatta lévőkkel együtt."),
    "SW A tétlenség ára.1": ("At the end of your attack phase, if you attacked no enemy card "
                             "this turn, your summoner takes 1 damage.",
                             "Ha köröd során nem támadtál ellenséges kártyát, támadásfázisod "
                             "végén idéződ 1 sérülést szenved."),
    "SW Mágia.1": ("Discard any number of cards from hand; gain 1 magic for each.",
                   "Dobj el bármennyi lapot a kezedből; mindegyikért 1 mágiapontot kapsz."),
    "SW Húzás.1": ("If you hold fewer than 5 cards, draw up to 5.",
                   "Ha 5-nél kevesebb lap van a kezedben, húzz 5-ig."),
    "SW Húzás.2": ("An empty draw pile is never reshuffled: you draw nothing.",
                   "Az üres húzópaklit nem keverjük újra: ilyenkor nem húzol."),
    "SW Mágiapont.1": ("Magic is gained and spent on your magic track.",
                       "A mágiapontot a mágiasávon kapod és költöd."),
    "SW Mágiapont.2": ("Magic is at most 15; gains above it are lost.",
                       "Legfeljebb 15 mágiapontod lehet; a többlet elvész."),
    "SW Események.1": ("Play an event on your turn in the phase printed on it: pay, resolve, "
                       "discard it.",
                       "Eseményt a saját körödben, a rajta feltüntetett fázisban játszhatsz ki: "
                       "fizess, hajtsd végre, dobd el."),
    "SW Események.2": ("No event may be played while another effect is resolving.",
                       "Eseményt nem játszhatsz ki, amíg egy másik hatás végrehajtása tart."),
    "SW A játék vége.1": ("As soon as only one player's summoner is on the battlefield, that "
                          "player wins.",
                          "Amint csak egy játékos idézője marad a csatatéren, az a játékos "
                          "győz."),
    # -- glossary
    "SW gl. AKTÍV ESEMÉNY": ("An ACTIVE event stays in your active area and works until the "
                             "start of your next turn.",
                             "Az AKTÍV esemény az aktív játékteredben marad, és következő köröd "
                             "kezdetéig hat."),
    "SW gl. ALAPERŐ": ("Base strength is the printed one; an effect may set it.",
                       "Az alaperő a nyomtatott érték; hatás megváltoztathatja."),
    "SW gl. ALATT": ("A card under another shares its square, follows it and is discarded when "
                     "it leaves.",
                     "A másik alatti kártya vele egy mezőn van, követi, és vele együtt kerül "
                     "eldobásra."),
    "SW gl. CÉLPONT": ("A card can never target itself.",
                       "Egy kártya nem célozhatja meg saját magát."),
    "SW gl. ELPUSZTUL": ("A destroyed card is discarded; magic is gained only for enemy cards "
                         "your cards destroy.",
                         "Az elpusztult kártyát eldobod; mágiapont csak a kártyáid által "
                         "elpusztított ellenséges kártyáért jár."),
    "SW gl. ELTÁVOLÍTANI": ("Removing damage or charges takes off that many tokens, or all.",
                            "Sérülés vagy töltet eltávolításakor annyi jelzőt veszel le, vagy "
                            "mindet."),
    "SW gl. EXTRA": ("An extra attack goes beyond the limit of 3 attacks.",
                     "Az extra támadás túlmegy a 3 támadás korlátján."),
    "SW gl. FELTÉTELES MÓD": ("A 'may' effect is the player's choice.",
                              "A feltételes módú hatás a játékos döntése."),
    "SW gl. HELYET CSERÉL": ("Two cards swap squares; it is neither moving nor pushing.",
                             "Két kártya helyet cserél; ez nem mozgás és nem kényszerítés."),
    "SW gl. HELYETT": ("An 'instead' ability replaces the original action and uses its slot.",
                       "A 'helyett' képesség az eredeti cselekvés helyére lép, és annak helyét "
                       "használja."),
    "SW gl. HELYEZNI": ("Placing puts a card on an empty square (or in another's place); it is "
                        "not summoning.",
                        "Helyezéskor a kártya üres mezőre (vagy egy másik helyére) kerül; ez "
                        "nem idézés."),
    "SW gl. IDÉZŐ": ("If your summoner is destroyed, you lose.",
                     "Ha az idéződ elpusztul, elveszíted a játékot."),
    "SW gl. IDŐZÍTÉS": ("Effects that happen at once are ordered by the active player.",
                        "Az egyszerre bekövetkező hatások sorrendjét az aktív játékos dönti "
                        "el."),
    "SW gl. KAPU": ("Units are summoned next to a gate; a card that is a gate counts as one.",
                    "Egységet kapu mellé idézel; a kapuként működő kártya kapunak számít."),
    "SW gl. KERESZTÜL": ("Moving through a card treats it as absent, but the move cannot end on "
                         "it.", "Kártyán keresztül mozogva az nem számít, de rajta nem állhatsz "
                         "meg."),
    "SW gl. KÉNYSZERÍTÉS": ("A push moves a card in a straight line of empty squares; it is not "
                            "moving.",
                            "A kényszerítés egyenes vonalban, üres mezőkön mozdítja a kártyát; "
                            "ez nem mozgás."),
    "SW gl. KÉPESSÉG": ("Abilities work while the card is on the battlefield, and right after "
                        "it is destroyed.",
                        "A képességek a csatatéren, illetve közvetlenül az elpusztulás után "
                        "működnek."),
    "SW gl. KIKERESNI": ("Searching looks through a pile for a card.",
                         "Kikereséskor egy pakliban keresel egy kártyát."),
    "SW gl. KÖLTSÉG": ("Costs are paid in magic; you cannot do what you cannot pay.",
                       "A költséget mágiapontban fizeted; amit nem tudsz kifizetni, azt nem "
                       "teheted meg."),
    "SW gl. KÜLÖNBÖZŐ": ("'Different' units: see ruling 19.",
                         "'Különböző' egységek: lásd a 19. döntést."),
    "SW gl. TÖLTET": ("Charges are tokens on cards; any number may lie on one.",
                      "A töltet jelző a kártyán; bármennyi lehet rajta."),
    "SW gl. ÚJRADOBÁS": ("A reroll rolls dice again and keeps the new result.",
                         "Újradobáskor újra dobsz, és az új eredmény érvényes."),
    "SW gl. UTÁN": ("An 'after' effect resolves as soon as what it follows is complete.",
                    "Az 'után' hatás rögtön azután következik, hogy az előzmény lezárult."),
    "SW gl. VISSZAVENNI A KEZEDBE": ("A card returned to hand loses its tokens; cards under it "
                                     "are discarded.",
                                     "A kézbe visszavett kártyáról lekerülnek a jelzők, az "
                                     "alatta lévőket eldobod."),
    "SW gl. KEZDET": ("'Start of' effects happen before anything else of that turn or phase.",
                      "A 'kezdetén' hatások a kör vagy fázis minden más része előtt "
                      "következnek."),
    "SW gl. VÉGE": ("'End of' effects happen right after the turn's or phase's steps.",
                    "A 'végén' hatások a kör vagy fázis lépései után rögtön következnek."),
}

for _r in RULINGS:
    RULES[f"SW Döntés.{_r.code[1:]}"] = (f"Our ruling {_r.code}: {_r.short[0]}",
                                        f"Saját döntésünk ({_r.code}): {_r.short[1]}")

#: The rule of each event type without a ``rule`` field.
EVENT_RULES: dict[type, str] = {
    E.DeckShuffled: "SW Előkészületek.5", E.StartingCardPlaced: "SW Előkészületek.4",
    E.FirstPlayerChosen: "SW Előkészületek.6", E.TurnBegan: "SW A játék menete.1",
    E.PhaseBegan: "SW A játék menete.1", E.TurnMarksCleared: "SW A játék menete.1",
    E.Conceded: "SW Döntés.25", E.Summoned: "SW Idézés.1", E.Built: "SW Építkezés.1",
    E.Pushed: "SW gl. KÉNYSZERÍTÉS", E.Swapped: "SW gl. HELYET CSERÉL", E.PutUnder: "SW gl. ALATT",
    E.HandDiscarded: "SW Mágia.1", E.ReturnedToHand: "SW gl. VISSZAVENNI A KEZEDBE",
    E.EventPlayed: "SW Események.1", E.EventActivated: "SW gl. AKTÍV ESEMÉNY",
    E.AbilityUsed: "SW gl. KÉPESSÉG", E.SlotUsed: "SW gl. HELYETT",
    E.AttackDeclared: "SW Támadás.2", E.DiceRolled: "SW Támadás.3",
    E.DiceRerolled: "SW gl. ÚJRADOBÁS", E.HitsCounted: "SW Támadás.4",
    E.AttackEnded: "SW Támadás.4", E.InactivityPenalty: "SW A tétlenség ára.1",
    E.TaskPushed: "SW gl. IDŐZÍTÉS", E.TaskPopped: "SW gl. UTÁN", E.TaskReplaced: "SW gl. UTÁN",
    E.PositionSet: "SW Előkészületek.4", E.TaskRaised: "SW gl. IDŐZÍTÉS",
    E.Advanced: "SW gl. IDŐZÍTÉS",
}


def rule_of(event: object) -> str:
    """The rule an event cites."""
    return getattr(event, "rule", "") or EVENT_RULES[type(event)]
