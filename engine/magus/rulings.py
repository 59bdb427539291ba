"""The M.A.G.U.S. rulings table: every ambiguity of spec §20 (1-30) and §20.1 (31-42), then the
readings of issue 18's part 2 (43-49), with the
question, our reading and why. The questionable readings are game options (``DEFAULT_OPTIONS``);
``RULINGS.md`` beside this module is rendered from this table (``render_markdown``; a test checks
they agree).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Ruling:
    num: int
    rule: str
    question: str
    reading: str
    why: str
    option: str = ""        # the game option that switches the reading, if questionable


RULINGS: tuple[Ruling, ...] = (
    Ruling(1, "MK 1.06.E",
           "When is the active player recomputed: continuously, or after each unwound item only?",
           "After each unwound item, at each timeline end and at each phase or combat-round "
           "start; MP spent on costs does not move priority, a pass does.",
           "MK 1.06.E names the unwinding; a continuous reading would hand priority over in the "
           "middle of paying a cost."),
    Ruling(2, "MK 1.06.D",
           "Who has priority right after a player adds an item to a timeline?",
           "The adder keeps it (option priority_after_add = \"keep\"); \"pass\" hands it to the "
           "opponent after every addition.",
           "Only a pass hands priority over (MK 1.06.D); the spec's worked trace has A pass after"
           " playing.",
           "priority_after_add"),
    Ruling(3, "MK 1.06.B",
           "The least-recent tie-break at game start and across rounds.",
           "The starter holds the older stamp (stamp 0, the other 1); stamps persist across "
           "rounds; zero-cost MP-bound actions stamp.",
           "MK 1.08.A makes the starter active, which the tie-break must reproduce."),
    Ruling(4, "MK 1.06",
           "Recompute at timeline end and phase start?",
           "Yes, always.",
           "Harmless (MP changed only by costs or resolution) and makes the engine deterministic."),
    Ruling(5, "MK 1.08.C",
           "Does round 1's MP-gain step add 4 MP to the starting 6?",
           "Yes: 10 MP entering the first Manoeuvres phase (option round1_mp_gain).",
           "MK 1.08.D starts a normal round, and a normal round has its MP gain.",
           "round1_mp_gain"),
    Ruling(6, "MK 1.08.D",
           "Who mulligans first?",
           "The active player (the starter: equal MP, older stamp), then the other.",
           "The mulligan sits in round 1's hand adjustment after the MP gain; both have equal MP "
           "so MK 1.08.A decides."),
    Ruling(7, "MK 6.05.N",
           "Does a Line adventurer that turns wounded keep its damage?",
           "No: its damage is removed as it turns wounded (option wounded_clears_damage).",
           "Damage \"accumulates within one timeline\" (MK 6.05.J) and MK 6.06.B-C clear it at "
           "manoeuvre end.",
           "wounded_clears_damage"),
    Ruling(8, "MK 4.06 \"Harci körök\".G",
           "When do combat rounds stop?",
           "A round with at least one action is followed by another; an all-pass round ends the "
           "step (option combat_rounds = \"auto\"; \"ask\" asks both players).",
           "\"As long as one player wants to change the result\" is not operational; acting is "
           "wanting.",
           "combat_rounds"),
    Ruling(9, "MK 4.02.C",
           "May a blocker who won a quest combat go on to solve the quest?",
           "Yes, literally (option blocker_may_solve).",
           "MK 4.02.C lets \"the winner\" continue and MK 3.02.D lets anyone solve any quest.",
           "blocker_may_solve"),
    Ruling(10, "MK 4.03.F",
           "Can an unopposed siege be stopped by the Wall?",
           "Only by the wall check after the obstacles (MK 4.03.C); with no blocking team the "
           "siege succeeds.",
           "MK 4.03.F is explicit; MK 2.01.b speaks of result determination, which an unopposed "
           "siege never reaches."),
    Ruling(11, "MK 4.04.B",
           "Do buildings have a Wall?",
           "0 unless the card has WALL X.",
           "MK 2.01.a names such buildings."),
    Ruling(12, "MK 6.05.A",
           "May manoeuvre-phase cards be used in the obstacle and condition phases?",
           "Yes, as fast effects by a participating adventurer.",
           "MK 6.05.B lets actions join inner timelines."),
    Ruling(13, "MK 6.06.A",
           "Does the surrounding manoeuvre timeline give priority windows of its own?",
           "No: it closes right after the manoeuvre's last phase.",
           "The rulebook names no step for it; every window lies in an inner timeline."),
    Ruling(14, "MK 4.06 \"Feltétel\"",
           "What follows a failed test roll in a quest condition?",
           "The condition fails, the quest stays unsolved, the team goes home at the timeline's "
           "end.",
           "Nothing grants a retry or a second condition."),
    Ruling(15, "MK 2.05",
           "TÚLÜTÉS, EXPEDÍCIÓ and FÓKUSZ have empty or unclear texts.",
           "TÚLÜTÉS X: replaces the attack roll; the attack hits if the target's current level ≤ "
           "X. EXPEDÍCIÓ X: replaces solving; the quest is solved when the team level ≥ X, with "
           "no condition and no test roll. FÓKUSZ: each used FÓKUSZ card pays 1 MP and goes to "
           "the bottom of its owner's Future.",
           "Each reading mirrors the nearest defined keyword (AKARATÁTVITEL X; KINCS X's "
           "team-level condition) and the smallest unit of MP; no card uses them before this "
           "ruling."),
    Ruling(16, "MK 2.07.e",
           "A solved treasure obstacle is \"attachable as an extra obstacle\" to what?",
           "To one of its new controller's own tower levels or buildings, beyond the slot limit.",
           "Those are the targets an own obstacle may have (MK 3.04.A)."),
    Ruling(17, "MK 2.11",
           "Numbering defects and stray captions in the source.",
           "Cited as the spec cites them; stray card names are never used.",
           "The spec is our citation source."),
    Ruling(18, "MK 6.01",
           "Alert requirement vs permanent and antiss abilities.",
           "The specific rules win (MK 5.07.E, MK 8.02).",
           "Specific beats general."),
    Ruling(19, "MK 3.07.3",
           "When does an adventurer with a base attribute below 1 die?",
           "At the timeline's end, like every other death.",
           "MK 6.05.L makes every death wait for the timeline end."),
    Ruling(20, "MK 4.06 \"Bestia\".F",
           "Do shields lower action-card attack thresholds?",
           "Beasts only, unless a card says otherwise.",
           "Only the beast section states it."),
    Ruling(21, "MK 4.06 \"Harci körök\".F",
           "Is the adventurer rotated by a battle-order change?",
           "No.",
           "The text names only the 2 MP."),
    Ruling(22, "MK 4.06 \"Bestia\".J",
           "Which beast is victorious?",
           "The beast after whose resolution no adventurer of the team is visible to beasts; "
           "re-attaching is offered at the phase's end.",
           "It is the beast whose attacks emptied the team."),
    Ruling(23, "MK 3.04.A",
           "May both players attach obstacles to any pending quest?",
           "Yes.",
           "MK 3.02.L and MK 2.13 confirm it."),
    Ruling(24, "MK 5.11.C",
           "May a strong modifier consume an unused part of a weak limited one?",
           "No: tiers are independent.",
           "MK 5.11.D computes the tiers one after the other."),
    Ruling(25, "MK 5.10.D",
           "Overrides by scanning Hungarian words.",
           "Our cards carry explicit strength and polarity flags (cards.Stance, Boost.strong; "
           "ruling 72).",
           "Original card texts are rendered from data."),
    Ruling(26, "MK 5.09.A",
           "Is Storage a play area?",
           "A per-player zone, in play but unattached; its cards are inert.",
           "It is listed nowhere among play areas."),
    Ruling(27, "MK 1.01",
           "\"Most DP\"",
           "Strictly more than the opponent.",
           "A tie has no \"most\"."),
    Ruling(28, "MK 1.07 \"Visszaforgatás lépés\"",
           "What does re-rotation cover?",
           "Every card in Present, applied generically.",
           "The text says all cards in Present."),
    Ruling(29, "MK 7.04",
           "Does Shower hit the caster's own Line?",
           "Yes: every adventurer in every Line.",
           "The text says all adventurers in Lines."),
    Ruling(30, "MK 11.00.G",
           "Ghost section G is a fragment.",
           "Ghosts have positions only on the antiss.",
           "The only readable part of G."),
    Ruling(31, "MK 4.06 \"Feltétel\"",
           "Does one grade-II skill meet two grade-I items?",
           "Yes.",
           "The grade-I pair is the smaller demand; it would be odd for a better grade to do "
           "less."),
    Ruling(32, "MK 6.00",
           "Does a timed effect triggering while a timeline runs join it?",
           "Yes, it joins the running timeline.",
           "MK 1.14.12 has on-entering effects enter the timeline normally."),
    Ruling(33, "MK 6.05.L",
           "Does an ordinary heal lift a pending death effect?",
           "No; only a heal that says so.",
           "A death effect is not damage."),
    Ruling(34, "MK 6.05.M",
           "Damage on an adventurer sent home before its manoeuvre ends.",
           "It goes home with its damage; at the end of the timeline it is in, it turns wounded "
           "and loses the damage (MK 6.05.N).",
           "It is in the Line when that timeline ends."),
    Ruling(35, "MK 1.06.B",
           "Is forming a blocking team an MP-bound action for the tie-break?",
           "No: it is a step of the opponent's manoeuvre.",
           "Only actions stamp; blocking is a phase step."),
    Ruling(36, "MK 2.07.b",
           "What does playing a treasure as a quest cost?",
           "Its printed MP value.",
           "A treasure may never be free."),
    Ruling(37, "MK 3.03.F",
           "May a fourth building be played?",
           "Yes; its player then destroys one of his choice.",
           "MK 3.03.F handles any fourth."),
    Ruling(38, "MK 4.06 \"Bestia\".D",
           "Beast damage ranges other than 1-3.",
           "A range a-b maps the 1d6 evenly: face f gives a + floor((f-1) * (b-a+1) / 6).",
           "It reproduces the book's 1-3 example."),
    Ruling(39, "MK 2.17.d",
           "Armour against a beast's several attacks when only some rolls are within its "
           "threshold.",
           "Armour reduces the beast's total once if any of its rolls against that adventurer was"
           " within the threshold.",
           "The beast is one damage source (MK 4.06 \"Bestia\".I)."),
    Ruling(40, "MK 6.05.E",
           "\"The active player\" for simultaneous entries made during a resolution.",
           "Before the recompute of MK 1.06.E.",
           "The entries arise during the resolution, before it has ended."),
    Ruling(41, "MK 6.05.N",
           "\"Was damaged\": at the timeline's end or at any time in it?",
           "At any time in the timeline: a survivor healed to 0 damage still turns wounded "
           "(option wounded_if_ever_damaged).",
           "\"de volt rajta sebzés\" speaks of the past.",
           "wounded_if_ever_damaged"),
    Ruling(42, "MK 1.03 \"Nevesítés szabálya\"",
           "A named instant played while a same-named card is in the Depth.",
           "It may be played; it goes to the Past afterwards.",
           "The named rule governs Present and Depth, not the timeline."),
    # -- issue 18, part 2: readings this part settles (not in spec §20)
    Ruling(43, "MK 4.01.A",
           "What does \"a fight only when an effect permits it\" mean for the engine?",
           "An effect (op allow_fight) lets its player start that many fights in the current "
           "round; unused permissions end with the round; a fight has no target card, costs 0, "
           "and its result only decides success (MK 4.01.J).",
           "The text names no target for a fight and no duration for the permission; the "
           "round is the shortest duration that leaves room to use it."),
    Ruling(44, "MK 3.03.A",
           "Who meets a building's or an ally's play condition?",
           "Distinct adventurers in its player's Line, in any position; the condition names "
           "castes only.",
           "A play condition is checked on play, when the Line is the player's whole force; test "
           "rolls belong to quests."),
    Ruling(45, "MK 3.08",
           "When does an ally that spends its last alliance point leave, and where may it act?",
           "At once, as the points are paid (before its ability unwinds, which still resolves "
           "from its last known values, MK 6.05.T); MP-bound abilities in the Sor, fast ones in "
           "any timeline, none in combat rounds.",
           "Points are a cost (MK 5.01.C) and \"at 0 points\" has no waiting clause; an ally is "
           "no adventurer in the combat (MK 4.06 \"Harci körök\".D-E)."),
    Ruling(46, "MK 3.05.3.C",
           "Does attaching equipment use a timeline, and which adventurers may receive it?",
           "From the Storage in the Sor it is an action with a timeline (MK 6.01), onto any own "
           "adventurer in the Line, whatever its position; arming during team composition is a "
           "step with no timeline.",
           "MK 6.01 lists the attachment among actions; arming is part of the fixed steps of "
           "MK 4.06 \"Kezdeményező csapat\"."),
    Ruling(47, "MK 2.17",
           "Two armours on one adventurer; which attacks does armour meet?",
           "Only the best one (highest SFÉ) applies; it meets melee and ranged action-card "
           "attacks and beast attacks, judged on the attack roll.",
           "One armour slot (MK 3.05.3.H); MK 2.17.d lists the attack kinds."),
    Ruling(48, "MK 1.14.3",
           "Who picks the tower level for a storable quest, and does it use an obstacle slot?",
           "The solver picks any own tower level without a stored quest; it takes no obstacle "
           "slot (MK 3.01.C counts obstacles).",
           "\"One of your tower levels\" leaves the choice to the player; MK 1.14.3 limits it "
           "separately to one per level."),
    Ruling(49, "MK 2.05",
           "Ruling 15's TÚLÜTÉS and EXPEDÍCIÓ: do armour and the solving MP still apply?",
           "TÚLÜTÉS has no attack roll, so armour (judged on that roll, MK 2.17) does not reduce "
           "it; EXPEDÍCIÓ replaces the whole solving step (condition, test rolls and solving "
           "MP), a storable quest still needs a free tower level.",
           "A replaced effect does not happen (MK 5.12.B), and paying the MP is part of solving "
           "(MK 4.06 \"Küldetés feltétel teljesítés fázis\")."),
    Ruling(50, "MK 2.07.e",
           "Which cards may carry KINCS, and what of the 0-DP solved-quest token (MK 2.07.f)?",
           "Our treasures are adventurers, allies and equipment: solved, the card enters under "
           "the solver's control as if just played (an adventurer into the Line, alignment "
           "and the named rule checked; an ally with its points; equipment into the Storage). "
           "The token is not kept: it gives 0 DP and nothing in the base game counts solved "
           "quests.",
           "\"As if just played\" is defined for the types that stay in Present; an instant "
           "card or obstacle \"just played\" from a solved quest has no timeline to resolve "
           "in (ruling 16 covers the obstacle only vaguely)."),
    Ruling(51, "MK 2.15",
           "May a beast animated in the combat rounds (MEGELEVENEDŐ) become victorious?",
           "No: it is used up like any activation; victorious beasts belong to the obstacle "
           "phase (MK 4.06 \"Bestia\".J).",
           "Ruling 22 re-attaches at the obstacle phase's end, which an animated beast does not "
           "reach."),
    Ruling(52, "MK 2.19",
           "Which FÓKUSZ cards does a player \"control\" for paying, and when is he asked?",
           "His FÓKUSZ adventurers in the Line, buildings and allies in Present (not the card "
           "being paid); he is asked after choosing the card, caster and target, one card at a "
           "time, and may stop once his MP covers the rest.",
           "Storage and hand are not Present (ruling 26); the payment is part of paying the MP "
           "requirement (MK 5.01.C), after targets (MK 5.01.B)."),
    Ruling(53, "MK 5.01.B",
           "A timed effect with a target (an on-entering effect) when it enters the timeline.",
           "It chooses its target as it enters (its player decides among several); with no "
           "legal target it does not enter; at resolution a lost target neutralises it "
           "(MK 6.05.R).",
           "Targets are chosen when an item enters (MK 5.01.B, MK 6.04); timed effects enter "
           "under the normal play rules (MK 1.14.12)."),
    Ruling(54, "MK 2.16",
           "Who may be the target of MENEKÜLÉS and when does it act?",
           "An own adventurer in a manoeuvre team; as the card resolves its controller decides; "
           "an escaping adventurer goes home resting, keeping its damage (ruling 34).",
           "Returning to the Line only means something from a manoeuvre; going home is "
           "resting (MK 4.01.G)."),
    Ruling(55, "MK 2.06",
           "Mounts (HÁTAS) and henchmen (CSATLÓS): which host, and what happens when it leaves?",
           "An own adventurer in the Line meeting the printed caste (or any), one mount and "
           "one henchman each; the rider's boosts are the abilities the host gains; when the "
           "host leaves Present the rider goes to the Past or Depth.",
           "MK 2.06.d allows one mount per adventurer; an attached card with no host cannot "
           "stay attached."),
    Ruling(56, "MK 2.04",
           "AKARATÁTVITEL on an adventurer in a manoeuvre, and the card's damage.",
           "The target leaves its team (its equipment returns to its owner's Storage) and "
           "enters the caster's player's Line resting; a damage value of the card is dealt "
           "first if the roll's replacement succeeds.",
           "\"Moves to the Line\" takes it out of the manoeuvre; MK 5.12.B keeps the rest of "
           "the card's effect."),
    Ruling(57, "MK 1.13.C",
           "How is a best-of-three match decided, and when may the sideboard be used?",
           "The first player to win two games wins; a drawn game counts for nobody, and after "
           "three games the one with more wins takes the match (equal: a drawn match). Swaps "
           "are one for one between games only, each leaving a legal deck (a starting tower "
           "level may not be swapped out).",
           "MK 1.13.C names the swap and the sizes only; \"best of three\" means two wins "
           "decide, and a game cannot be won twice."),
    Ruling(58, "MK 7.00",
           "Mosaic spells: when is the form chosen, which forms do our cards offer, and who "
           "rolls the half-save?",
           "The caster names caster and target (-1 for an area form) as he plays it, then form "
           "and base value together, paying the form's MP; our mosaic cards offer the seven "
           "damaging forms, and Aura as a neutraliser only (ruling 64); the target's player "
           "rolls the half-save (MK 7.01) as the spell resolves, against the target's base level.",
           "MK 5.01.B fixes targets first; the MP follows the form (MK 7.00 table); a save is "
           "the saving side's roll (MK 1.09.C)."),
    Ruling(59, "MK 9.00",
           "What may an outer-plane card do on the Outer plane, and how often?",
           "Its outer ability: an MP-bound action in the Sor of the Manoeuvres phase, paid with "
           "its printed outer MP, once a round per card (it has no position to rotate there, "
           "MK 9.00.D); \"descend\" brings it into its player's Line alert, the named rule "
           "and alignment checked; it goes back at the phase's end.",
           "The symbol means MP-bound and Manoeuvres phase only (MK 9.00); without a position "
           "a per-round limit keeps it from acting without end."),
    Ruling(60, "MK 11.00.D",
           "How does a ghost act, and which deaths make one?",
           "Through its spirit ability: an MP-bound Sor action that rotates the ghost (it "
           "enters alert and is re-rotated with all of Present); a death at a timeline's end "
           "makes one, the count of rounds including the current one; the ghost leaves at the "
           "start of the round its rounds run out.",
           "MK 11.00.E has the ghost enter alert, so it has positions to use; MK 11.00.A counts "
           "the current round."),
    Ruling(61, "MK 10.02",
           "Who builds onto a machine obstacle, and how does its extra damage count?",
           "The machine's player, from his hand, as a fast action while its activation waits on "
           "the top timeline; each build-on adds its damage to every damage the activation deals "
           "(a trap's to each team member, a beast's to each hit); after the activation the "
           "build-ons go to the Past or Depth, a victorious beast's too.",
           "Only own obstacles are activated (MK 3.04.C), so only their player may improve the "
           "activation; MK 10.02 attaches build-ons for that activation only."),
    Ruling(62, "MK 8.02",
           "How far does our antiss go, and who may join its teams?",
           "Antiss quests are solved by their own manoeuvre (the quest's steps): the initiating "
           "team needs an antiss wizard, alert or resting, and may take one resting adventurer "
           "without the mark (no alert one); blockers may be alert or resting; the limits of "
           "MK 8.03.A-C hold per round; in its combat only alert wizards act (a card rotates "
           "its caster), with any combat card, Astral for Physique, and a death becomes a "
           "return home wounded. Antiss abilities and entering the antiss (MK 8.04): ruling 63.",
           "MK 8.02 names resting members as the antiss's exception; action cards still rotate "
           "their caster (MK 3.05.A)."),
    Ruling(63, "MK 8.04",
           "What is entering the antiss, and how is an antiss ability used?",
           "Entering: in the Sor of the Manoeuvres phase an alert antiss wizard in the Line turns "
           "resting, an MP-bound action of 0 MP that opens its own (empty) timeline, so the "
           "opponent may answer with fast effects; it is not an antiss manoeuvre and does not "
           "count for MK 8.03.C. An antiss ability (the wizard's effects at its target, for its "
           "printed antiss MP) is used only while the wizard rests in his Line, as an MP-bound "
           "Sor action, once a round: it is his one act on the antiss (MK 8.03.C); a wounded "
           "wizard cannot use it.",
           "MK 8.02 says antiss abilities are activated while resting, MK 8.04 calls entering an "
           "MP-bound Sor manoeuvre and not an antiss manoeuvre; MK 8.03.C names ability "
           "activation as an act on the antiss; an action opens a timeline (MK 6.00)."),
    Ruling(64, "MK 7.03",
           "Which adventurers does an Aura protect, what does it cost, and how long does it last?",
           "It may be cast only into a running timeline whose top holds a woven mosaic item of "
           "the opposed element (water-fire, air-earth, force-force) that would hit some of the "
           "caster's player's adventurers; it protects exactly those in one play area (the "
           "manoeuvre team first, else the Line), the caster being an alert adventurer of the "
           "card's castes there; it costs their number x base, is fast (no MP stamp), and as "
           "it unwinds each of them gets base points that take action-card damage off (mosaic "
           "or other) until that timeline ends, used-up points gone. The targets are read "
           "again as it unwinds (MK 6.05.S).",
           "MK 7.03: 'only as a neutraliser, when an opposed element would affect them' and "
           "'reduces action-card damage by base until the timeline unwinds, depleting'; taking "
           "all threatened adventurers avoids a subset choice the text does not ask for."),
    Ruling(65, "MK 1.14.14",
           "Whose treasure hunting counts, and who goes home alert?",
           "When a treasure quest (KINCS) is solved, the hunting values of the solving team's "
           "members not yet spent this round add up; if the sum reaches the quest's KINCS value, "
           "every member of the team (those without hunting too) goes home alert at the "
           "manoeuvre's end, a damaged one still turning wounded (MK 6.05.M), and every member's "
           "hunting is spent until the next round. A failed treasure, an ordinary quest or an "
           "expedition (MK 2.03) spends nothing.",
           "MK 1.14.14.B-D and its example: the whole team returns alert and all of it has used "
           "its hunting; an expedition does not solve the treasure (MK 2.03)."),
    Ruling(66, "MK 11.00.E",
           "What is a sacrifice, and what are a ghost's positions?",
           "A sacrifice (the effect op sacrifice, aimed at any own adventurer in the Line or "
           "the team) takes the adventurer out of Present at once, no death waiting for the "
           "timeline's end; one with SPIRIT n becomes a ghost, alert, exactly as a dying one "
           "does. A ghost has the positions of MK 11.00.G everywhere: it enters alert, its "
           "spirit ability turns it resting and the Resource step turns it alert again; no "
           "effect of ours damages a ghost (it is no adventurer, MK 11.00.D), so it is never "
           "wounded.",
           "MK 11.00.E lists dying, being sacrificed and going to the Past as an adventurer as "
           "the same way in; MK 11.00.G gives ghosts the three positions."),
    Ruling(67, "MK 3.05.3.C",
           "Attaching an item from the Storage and detaching it cost 0 MP and the rulebook sets "
           "no limit: may a player move the same item back and forth without end?",
           "No: an item detached to the Storage in the Sor stays there until the next round "
           "(it may still arm a team member when a manoeuvre's team is composed). Attaching it "
           "once and moving it to another adventurer once a round is still possible.",
           "Two MP-free actions that undo each other would let a player keep priority forever "
           "and the game would never end (MK 1.01); the limit removes only the loop, not a "
           "move the rulebook describes."),
    Ruling(68, "MK 8.03.D",
           "\"On the antiss only permanent and antiss abilities work\": which abilities does "
           "this stop, and for whom?",
           "While an antiss manoeuvre runs, the adventurers of its teams are on the antiss: no "
           "obstacle is activated or animated against a team there (an obstacle's ability, "
           "MK 3.04.C, MK 2.15), and no ally's ability may aim at an adventurer there (MK "
           "3.08); a refused attempt cites MK 8.03.D. Permanent abilities (equipment boosts "
           "and armour, mounts and henchmen) keep working, and so do action cards: they are "
           "card effects, not abilities, and MK 8.03 \"E\" lets the antiss wizards use them. "
           "Our adventurers and equipment have no activated abilities besides antiss "
           "abilities, so nothing else is left to stop.",
           "MK 8.03.D speaks of abilities (képesség) only; MK 5.02-5.03 separate abilities from "
           "card effects, and MK 8.03 \"E\" names the action cards the antiss combat uses."),
    Ruling(69, "MK 3.02.F",
           "How is an equipment attached to one's own pending quest, and must the solver take "
           "it?",
           "From the hand, as an MP-bound Sor action of the Manoeuvres phase costing no MP "
           "(like attaching an obstacle, MK 3.04.B), openly, onto an own pending quest with no "
           "equipment yet, its printed MP value at most the quest's printed DP; it fills no "
           "obstacle path. When the quest is solved (by condition, EXPEDÍCIÓ or as a treasure) "
           "the solver's Storage takes it at once, before the other attachments leave; if the "
           "quest leaves Present otherwise, it goes with the other attachments to the Past or "
           "the Depth.",
           "MK 3.02.F says \"attach openly\" and \"free\" but not when; a Sor attachment "
           "matches the other attachments. Taking it costs nothing and the Storage has no "
           "limit, so a choice to refuse it would only be a question nobody wants."),
    Ruling(70, "MK 1.14.4",
           "\"A player may control at most one such building\": what counts as \"such\", and "
           "who chooses the building to sacrifice?",
           "A card flag (one_only): at most one building of that card per player. It is not "
           "played while its player controls one (refused citing MK 1.14.4); gaining control "
           "of a second (a capture) makes him sacrifice one of the two, his choice, before "
           "anything else and before the cap of three (MK 3.03.F) is checked; it goes with "
           "its attachments to the Past or the Depth, no timeline.",
           "\"Ilyen\" (such) points back to the card bearing the text; MK 1.14.4 says "
           "\"before anything happens\", so it comes before the MK 3.03.F check, which then "
           "has nothing left to do."),
    Ruling(71, "MK 3.05.3.K",
           "How does a weapon attack? The rulebook gives melee and ranged weapons their rows but "
           "no procedure.",
           "A weapon card with a reach (melee or ranged) carries an attack as its ability (MK "
           "3.05.3.G, L: made by its wearer). In a combat round its wearer, alert in the team, "
           "uses it as his combat action: he rotates, his player pays the weapon's printed "
           "attack MP, and the attack enters a new combat-action timeline as an activation; on "
           "unwinding it rolls against the wearer's Physique (with his boosts) and armour "
           "(MK 2.17) counts as against a melee or ranged action card. Melee: from the front "
           "row at an enemy front-liner; ranged: from the protected row at any enemy in the "
           "combat. A weapon without a reach only gives its boosts. None works on the antiss "
           "(MK 8.03.D).",
           "MK 3.05.3.K fixes only the rows; MK 3.05.1 gives the same rows to melee and ranged "
           "attack cards, so a weapon's attack is read as one more such attack whose caster is "
           "the wearer and whose rotation and MP are its cost (MK 6.01)."),
    Ruling(72, "MK 5.10",
           "Which card texts carry override flags, and how are the source examples of MK 5.10 "
           "read?",
           "A card's stance (strong, prohibit, settles) is data: an attack saying armour does "
           "not protect against it carries pierce (prohibiting; strong for \"in no case\": "
           "Throwing Knives, Ghost Arrow); an armour whose text says it protects even so carries "
           "armour_stance settles (The Warded Mail). numbers.prevail orders claims by: a text "
           "settling the conflict itself (MK 5.10.A), strong over weak (C-E), prohibiting over "
           "permitting (F-G), later over earlier (H: the armour was in play before the attack "
           "resolves). So a pierce beats a plain armour, a settling armour beats any pierce, "
           "and \"in any case wounded\" beats \"alert\", and of two weak permitting ones the "
           "later holds. Boosts carry their own strong flag into MK 5.11.",
           "MK 5.10.A lets the texts settle a conflict before any override; the book gives no "
           "reason for its second example, and the armour's text answering the very question "
           "is the only one that fits."),
    Ruling(73, "MK 1.13.A",
           "Does the sideboard go into a game, face down beside the deck?",
           "No: a game's header carries the Future and the starting tower levels only; the "
           "sideboard matters between the games of a best-of-three match, where cards are "
           "swapped one for one (MK 1.13.C, ruling 57). No card of ours fetches from the "
           "sideboard (MK 1.13.H), so nothing in a game could see or use it; the state keeps a "
           "sideboard zone, hidden from the other seat, for positions that place cards there.",
           "MK 1.13.A-B only say the sideboard lies apart and is no part of the Future; with no "
           "effect reaching it, carrying it into every game's header would add hidden cards "
           "that nothing reads."),

)

DEFAULT_OPTIONS: dict[str, Any] = {
    "priority_after_add": "keep",
    "round1_mp_gain": True,
    "wounded_clears_damage": True,
    "combat_rounds": "auto",
    "blocker_may_solve": True,
    "wounded_if_ever_damaged": True,
    "copy_limit": 3,
    "dev_small_decks": False,
    "mosaic": True,
    "outer_plane": True,
    "machines": True,
    "ghosts": True,
    "antiss": True,
}
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "priority_after_add": ("keep", "pass"),
    "combat_rounds": ("auto", "ask"),
    "copy_limit": (3, 4),
}


def render_markdown() -> str:
    lines = ["# M.A.G.U.S. rulings", "",
             "The ambiguities of the spec (`shared/rules/mk-rules.md` §20 and §20.1) and how this "
             "engine reads them. Rendered from `engine/magus/rulings.py`; the readings marked with "
             "an option can be switched per game.", "",
             "| # | Rule | Question | Our reading | Why | Option |", "|---|---|---|---|---|---|"]
    for r in RULINGS:
        cells = [str(r.num), r.rule, r.question, r.reading, r.why, r.option and f"`{r.option}`"]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += ["", "## Options", ""]
    for key, value in DEFAULT_OPTIONS.items():
        choices = OPTION_CHOICES.get(key)
        lines.append(f"* `{key}` = `{value!r}`" + (f" (one of {', '.join(map(repr, choices))})"
                                                 if choices else ""))
    return "\n".join(lines) + "\n"
