"""The combat preview (engine.hkk.preview) and the log line of every prevented damage, named
after their Kódex rules: the preview is what the strike then does."""

from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.state import Target
from tests.helpers import c, scenario, side


def combat(me, them, **kw):
    return scenario(me=me, them=them, phase="combat", step=1, **kw)


def finish(sc) -> list:
    events = []
    for _ in range(40):
        d = sc.decision
        if d is None or (sc.state.phase == "main2"):
            break
        events += sc.submit(d.player, A.Pass())
    return events


def option(view, attacker: int, target: Target):
    [f] = [f for f in view.forecast if f.attacker == attacker and f.target == target]
    return f


def test_k15_3_magic_defence_prevention_gets_its_own_event_with_its_rule():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("golem", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    events = sc.submit(0, A.Pass()) + finish(sc)
    prevented = [e for e in events if isinstance(e, E.DamagePrevented)]
    assert prevented == [E.DamagePrevented(sc.iid("g"), 3, sc.iid("a"), "magic_defence",
                                           "K 15.3")]
    assert sc.card("g").damage == 0


def test_k14_2_magic_attack_is_not_prevented():
    sc = combat(side(guard=[c("mage", label="m")]), side(guard=[c("golem", label="g")]))
    sc.submit(0, A.DeclareAttack(sc.iid("m"), sc.ct("g")))
    events = sc.submit(0, A.Pass()) + finish(sc)
    assert not [e for e in events if isinstance(e, E.DamagePrevented)]


def test_k36_4_preview_before_declaring_matches_the_strike():
    """K 36.1, 36.4, 38.0: before declaring, each possible attack has its preview; the strike
    then does what it said (brute 3 kills the grunt 2+1 and takes 2+1)."""
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("grunt", label="g")]))
    assert sc.decision.kind == "declare"
    v = sc.view(0)
    f = option(v, sc.iid("a"), sc.ct("g"))
    [on_g] = f.on(sc.ct("g"))
    [on_a] = f.on(sc.ct("a"))
    assert (on_g.amount, on_a.amount) == (3, 3)
    assert f.dies == (sc.iid("g"),)
    assert f.bonus == (sc.iid("g"),), "the defender has the defence bonus (K 38.0)"
    assert not v.forecast[0].attacker == -1, "nothing declared yet: no combat forecast"
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    now = sc.view(0).forecast[0]
    assert now.attacker == -1 and now.dies == (sc.iid("g"),)
    sc.submit(0, A.Pass())
    finish(sc)
    assert sc.zone("g") == "graveyard" and sc.card("a").damage == 3


def test_k15_3_preview_names_magic_defence_and_no_death():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("golem", label="g")]))
    f = option(sc.view(0), sc.iid("a"), sc.ct("g"))
    [h] = f.on(sc.ct("g"))
    assert (h.amount, h.prevented, h.keyword, h.rule) == (0, 3, "magic_defence", "K 15.3")
    assert sc.iid("g") not in f.dies


def test_k3_14_preview_of_an_attack_on_the_player():
    sc = combat(side(guard=[c("brute", label="a")]), side(life=2))
    f = option(sc.view(0), sc.iid("a"), sc.pt(1))
    assert [h.amount for h in f.on(sc.pt(1))] == [3]
    assert f.loses == (1,)
    assert sc.life(1) == 2, "the preview changes nothing"


def test_preview_is_empty_outside_combat():
    sc = scenario(me=side(guard=[c("brute", label="a")]), them=side())
    assert sc.view(0).forecast == []


def test_k132_13_cannot_be_damaged_prevention_is_logged_and_previewed():
    sc = combat(side(guard=[c("brute", label="a")]), side(guard=[c("ghost", label="g")]))
    f = option(sc.view(0), sc.iid("a"), sc.ct("g"))
    [h] = f.on(sc.ct("g"))
    assert (h.amount, h.prevented, h.keyword, h.rule) == (0, 3, "cannot_be_damaged", "K 132.13")
    sc.submit(0, A.DeclareAttack(sc.iid("a"), sc.ct("g")))
    events = sc.submit(0, A.Pass()) + finish(sc)
    assert [(e.keyword, e.rule) for e in events if isinstance(e, E.DamagePrevented)] == [
        ("cannot_be_damaged", "K 132.13")]
    assert sc.zone("g") == "guard" and sc.card("g").damage == 0
