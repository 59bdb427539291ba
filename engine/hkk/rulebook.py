"""The Kódex rules the engine cites, each with a one-line summary in English and Hungarian,
and the rule behind every event (for the log and the debugger)."""

from __future__ import annotations

from engine.hkk import events as E
from engine.hkk.decisions import KINDS

#: rule -> (English, Hungarian) one-line summary. Paraphrases of the Kódex, not quotations.
RULES: dict[str, tuple[str, str]] = {
    "K 2.3.1": ("Each player plays with their own deck, built before the game.",
                "Minden játékos a saját, a játszma előtt összeállított paklijával játszik."),
    "K 2.3.6": ("A deck holds at least 30 cards.", "Egy pakli legalább 30 lapból áll."),
    "K 2.3.7": ("A deck holds at most 3 cards of one name.",
                "Egy pakliban egy névből legfeljebb 3 lap lehet."),
    "K 2.3.3": ("Decks are shuffled into a random order.", "A paklikat véletlen sorrendbe keverik."),
    "K 2.5.1": ("The game is for two players.", "A játék kétszemélyes."),
    "K 2.6.7": ("An action that has happened cannot be taken back (undo against a person stops "
                "before revealed hidden information).", "A megtörtént cselekvés nem vonható "
                "vissza (ember ellen a visszavonás a felfedett rejtett információ előtt megáll)."),
    "K 2.8.1": ("The game ends when a player wins or the players agree to a draw.",
                "A játszma véget ér, ha valaki nyer, vagy ha a játékosok döntetlenben "
                "megegyeznek."),
    "K 2.8.2": ("A player may concede at any time (the opponent wins); nobody can be forced to "
                "concede or to accept a draw.", "Bármikor fel lehet adni (ekkor az ellenfél "
                "nyer); senki sem kényszeríthető feladásra vagy döntetlen elfogadására."),
    "K 2.8.3": ("A concession or an agreed draw can never be withdrawn.",
                "A feladást vagy a döntetlenben való megegyezést senki nem vonhatja vissza."),
    "K 2.6.2": ("A player may touch another player's card only if it came under their control, "
                "a card tells them to, or its owner allows it.", "Más játékos lapját csak akkor "
                "érintheted, ha az irányításod alá került, egy lap erre utasít, vagy a "
                "tulajdonosa megengedi."),
    "K 3.6": ("Each player draws an opening hand of 5; who starts is decided at random.",
              "Mindenki 5 lapos kezdőkezet húz; a kezdő játékost sorsolás dönti el."),
    "K 3.7": ("The starting player may cede the start to the opponent.",
              "A kezdő játékos átadhatja a kezdést az ellenfélnek."),
    "K 3.8": ("The starting player draws a card, and only then may cards be played.",
              "A kezdő játékos húz egy lapot, és csak ezután lehet lapot kijátszani."),
    "K 3.14": ("A player whose life is 0 or less at the end of a turn loses.",
               "Aki egy kör végén 0 vagy kevesebb Ép-en áll, elveszíti a játszmát."),
    "K 3.15": ("If both players are at 0 life or less at the end of a turn, it is a draw.",
               "Ha a kör végén mindkét játékos Ép-je 0 vagy kevesebb, döntetlen."),
    "K 3.16": ("If neither player can win any more, the game is a draw.",
               "Ha egyik játékos sem tud már nyerni, a játszma döntetlen."),
    "K 3.18": ("Life and VP are capped at 20; anything above is lost.",
               "Az Ép és a VP legfeljebb 20; ami felette van, elvész."),
    "K 4.8": ("Cards put into the Void never leave it.", "A Semmibe került lap onnan nem tér vissza."),
    "K 4.8.4": ("No card ever leaves the Void.", "A Semmiből semmilyen módon nem kerül ki lap."),
    "K 4.2.2": ("Cards leave the deck only by drawing, searching, a necron cost or discarding.",
                "A pakliból csak húzással, kereséssel, nekron költséggel vagy dobással kerül ki "
                "lap."),
    "K 4.6.0": ("Permanents are the cards and tokens on the table.",
                "A permanensek az asztalon lévő lapok és önálló jelzők."),
    "K 4.11": ("The turn's eight phases follow in a fixed order.",
               "A kör nyolc fázisa rögzített sorrendben követi egymást."),
    "K 4.11.1": ("Every phase happens, in fixed order, even if nobody acts in it.",
                 "Minden fázis lezajlik, rögzített sorrendben, akkor is, ha senki sem cselekszik."),
    "K 41.5": ("The turn passes to the other player.", "A kör a másik játékosra száll."),
    "K 4.11.6": ("In every phase the active player may act first.",
                 "Minden fázisban az aktív játékos cselekedhet először."),
    "K 4.14": ("Returned cards go to their owner's hand.",
               "A visszavett lap a tulajdonosa kezébe kerül."),
    "K 26": ("Counters sit on permanents and change their values.",
             "A jelzők permanenseken ülnek, és módosítják az értékeiket."),
    "K 4.17": ("Discarded cards go from hand to the graveyard.",
               "Az eldobott lap a kézből a gyűjtőbe kerül."),
    "K 4.19.1": ("A game lasts from its start until it is won, conceded or drawn.",
                 "Egy játszma a kezdéstől a győzelemig, feladásig vagy döntetlenig tart."),
    "K 4.20": ("Costs are paid from your own pool, in full.",
               "A költséget a saját készletből, teljes egészében kell kifizetni."),
    "K 4.20.3": ("A card happens only if its full cost is paid.",
                 "A lap csak akkor jön létre, ha a teljes költségét kifizették."),
    "K 4.21.1": ("A card being played is in the reaction line.",
                 "A kijátszás alatt álló lap a reakció sorban van."),
    "K 4.21.2": ("A prevented card goes to the graveyard.",
                 "A megakadályozott lap a gyűjtőbe kerül."),
    "K 4.26": ("Healing never raises HP or life above the maximum.",
               "A gyógyítás nem emel a maximum fölé."),
    "K 4.4.5": ("Cards are played from your own hand.", "Lapot a saját kezedből játszhatsz ki."),
    "K 5.4.1": ("Creatures move between the reserve and the guard post in the exchange phase.",
                "A lények a csere fázisban mozoghatnak a tartalék és az őrposzt között."),
    "K 5.4.2": ("Guard-post creatures attack the opponent's guard-post creatures, active "
                "buildings, or the opponent.", "Az őrposzt lényei az ellenfél őrposztos lényeit, "
                "aktív építményeit vagy magát az ellenfelet támadhatják."),
    "K 5.4.3": ("The guard post holds at most 3 creatures.", "Az őrposzton legfeljebb 3 lény állhat."),
    "K 5.4.3.1": (("An effect that puts a creature into the guard post ignores its size unless "
                   "its text mentions the size."),
                  ("Ha egy hatás lényt tesz az őrposztba, és nem utal az őrposzt méretére, a lény "
                   "a mérettől függetlenül odakerül.")),
    "K 5.4.4": ("An over-full guard post must be corrected in the exchange phase.",
                "A túltelt őrposztot a csere fázisban rendezni kell."),
    "K 5.5.5": ("When a permanent leaves play, cards attached to it go to the graveyard.",
                "Ha egy permanens kikerül, a rátett lapok a gyűjtőbe kerülnek."),
    "K 5.5.7": ("Permanents are active or passive.", "A permanensek aktívak vagy passzívak."),
    "K 5.5.7.1": ("Passivating turns an active permanent passive.",
                  "A passzivizálás az aktív permanenst passzívvá fordítja."),
    "K 5.5.8": ("Passive non-creature permanents' abilities do not work.",
                "A passzív nem-lény permanensek képességei nem működnek."),
    "K 21.8.3": ("Every effect raising or lowering a cost is added up.",
                 "Az idézési költséget módosító hatások összeadódnak."),
    "K 7.0.1": ("Monster-component costs are paid from your components.",
                "A szörnykomponens-költséget a szörnykomponenseidből fizeted."),
    "K 8.1.1": ("Creatures are played from your hand in your own main phase.",
                "A lényeket a saját fő fázisodban játszhatod ki a kezedből."),
    "K 8.1.2": ("A played creature enters your reserve passive.",
                "A kijátszott lény passzívan a tartalékba kerül."),
    "K 8.5.1": ("Instants in any main, combat or healing phase; other cards in your own main "
                "phase.", "Azonnali varázslat bármely fő-, harci vagy gyógyulási fázisban; más "
                "lap csak a saját fő fázisodban."),
    "K 8.5.2": ("General spells and enchantments are played only in your own main phase.",
                "Általános és bűbáj varázslat csak a saját fő fázisodban játszható ki."),
    "K 8.5.3": ("Instants and general spells go to the graveyard after they resolve.",
                "Az azonnali és általános varázslat hatása után a gyűjtőbe kerül."),
    "K 8.5.4": ("Enchantments and items enter play active.",
                "A bűbáj és a tárgy aktívan jön játékba."),
    "K 8.5.5": ("An enchantment on a creature needs a legal host.",
                "A valamire tett bűbájhoz érvényes gazdalap kell."),
    "K 8.6": ("Buildings are played only in your own main phase and enter play passive.",
              "Építmény csak a saját fő fázisodban játszható ki, és passzívan jön játékba."),
    "K 8.7": ("Items are played only in your own main phase and enter play active.",
              "Tárgy csak a saját fő fázisodban játszható ki, és aktívan jön játékba."),
    "K 21.4": ("The play condition must be fulfilled.", "A kijátszási feltételt teljesíteni kell."),
    "K 21.5": ("Targets are chosen when the card is played.",
               "A célpontokat a kijátszáskor kell kiválasztani."),
    "K 21.5.1": ("With no legal target a card cannot be played.",
                 "Érvényes célpont nélkül a lap nem játszható ki."),
    "K 21.5.2": ("The targeting rules apply to every targeting source and effect, not only to "
                 "card plays.", "A célzás szabályai minden célzó forrásra és hatásra "
                 "vonatkoznak, nem csak a lapkijátszásra."),
    "K 21.5.3": ("If a target became illegal, choose another; if none, the play is withdrawn.",
                 "Ha a célpont érvénytelenné vált, újat kell választani; ha nincs, a kijátszás "
                 "visszavonódik."),
    "K 21.14": ("Once its cost is paid, the card counts as played.",
                "A költség kifizetésével a lap kijátszottnak számít."),
    "K 21.17": ("The card's own abilities happen first, in printed order.",
                "Először a lap saját képességei következnek, leírt sorrendben."),
    "K 22": ("Related effects happen after the action.",
             "A kapcsolódó hatások a cselekvés után következnek."),
    "K 22.1": ("The player concerned chooses the order of related effects.",
               "A kapcsolódó hatások sorrendjét az érintett játékos választja."),
    "K 22.1.1": ("The active player orders simultaneous effects; for those of a card play, its "
                 "player does.", "Az egyszerre létrejövő hatások sorrendjéről az aktív játékos "
                 "dönt, a lapkijátszáshoz kapcsolódókéról a lap kijátszója."),
    "K 22.1.2": ("The player who played a card orders the effects related to it.",
                 "A kijátszott laphoz kapcsolódó hatások sorrendjéről a lap kijátszója dönt."),
    "K 28": ("The game is set up before the first turn: decks shuffled, opening hands drawn, "
             "the starting player decided.", "A játszma előkészítése az első kör előtt: a "
             "paklik keverése, a kezdőkéz húzása, a kezdő játékos eldöntése."),
    "K 29": ("Preparation phase: VP, start-of-turn effects, activation, monster sacrifice.",
             "Előkészítő fázis: VP, kör eleji hatások, aktivizálódás, szörnyáldozás."),
    "K 29.3": ("Mana regeneration: 1/2/3/4 then 5 VP per own turn, +1 per two creatures in "
               "reserve.", "VP-regeneráció: saját körönként 1/2/3/4, majd 5 VP, plusz "
               "tartalékbeli lényenként minden második után +1."),
    "K 29.4": ("Start-of-turn effects happen in preparation stage 2.",
               "A kör eleji hatások az előkészítő fázis 2. szakaszában történnek."),
    "K 29.4.6": ("No card can be played from hand in the preparation phase.",
                 "Az előkészítő fázisban nem lehet kézből lapot kijátszani."),
    "K 29.4.7": ("In the preparation phase only abilities whose text allows it can be used.",
                 "Az előkészítő fázisban csak az ezt kifejezetten megengedő képességek "
                 "használhatók."),
    "K 29.4.10": ("In the preparation phase a creature at 0 HP dies at once.",
                  "Az előkészítő fázisban a 0 Ép-re került lény azonnal meghal."),
    "K 29.5": ("Your passive cards become active in preparation stage 3.",
               "Az előkészítő fázis 3. szakaszában a passzív lapjaid aktivizálódnak."),
    "K 29.6": ("Sacrifice active monsters in your reserve for their components.",
               "A tartalékod aktív szörnyeit feláldozhatod a komponenseikért."),
    "K 29.6.1": ("Only monsters that yield components can be sacrificed for them.",
                 "Csak szörnykomponenst adó szörny áldozható fel."),
    "K 30": ("Draw phase: the active player draws a card.", "Húzó fázis: az aktív játékos húz."),
    "K 30.2": ("No card can be played in the draw phase; only abilities that allow it can be "
               "used.", "A húzás fázisban nem lehet lapot kijátszani; csak az ezt megengedő "
               "képességek használhatók."),
    "K 30.5": ("With an empty deck nothing is drawn; it is no loss.",
               "Üres pakliból nem lehet húzni; ez nem vereség."),
    "K 31": ("Main phase: the active player may play any card.",
             "Fő fázis: az aktív játékos bármilyen lapot kijátszhat."),
    "K 32": ("Exchange phase: move creatures between reserve and guard post.",
             "Csere fázis: lények mozgatása a tartalék és az őrposzt között."),
    "K 32.1": ("Only active creatures may enter the guard post.",
               "Csak aktív lény léphet az őrposztra."),
    "K 32.2": ("No card can be played in the exchange phase; only abilities that allow it can be "
               "used.", "A csere fázisban nem lehet lapot kijátszani; csak az ezt megengedő "
               "képességek használhatók."),
    "K 32.3": ("A creature moves once per exchange phase.",
               "Egy lény csere fázisonként egyszer mozog."),
    "K 32.4": ("The order of creatures in the reserve and the guard post changes only in their "
               "controller's exchange phase.", "A tartalékban és az őrposztban lévő lények "
               "sorrendje csak a gazdájuk csere fázisában változtatható."),
    "K 33": ("Combat phase: declare, combat abilities, strike.",
             "Harci fázis: támadók kijelölése, harci képességek, ütés."),
    "K 33.1": ("The three combat sub-phases happen in order, even if nobody acts.",
               "A három harci részfázis sorrendben lezajlik, akkor is, ha senki sem cselekszik."),
    "K 33.2": ("Before each combat sub-phase any player may take instant actions.",
               "Mindhárom harci részfázis előtt bármely játékos végrehajthat azonnali "
               "cselekvéseket."),
    "K 34.0": ("The combat phase begins with declaring attackers.",
               "A harci fázis a támadók kijelölésével kezdődik."),
    "K 34.1": ("Only guard-post creatures attack, each with a target.",
               "Csak őrposzton álló lény támadhat, mindegyik egy célponttal."),
    "K 34.3": ("Attack guard-post creatures, or after breaking through, buildings or the player.",
               "Őrposzton álló lényt lehet támadni, átütés után építményt vagy a játékost."),
    "K 34.4": ("Break through only when every enemy guard-post creature is attacked.",
               "Átütni csak akkor lehet, ha az ellenfél minden őrposztos lényét megtámadják."),
    "K 34.5": ("At most two creatures may attack the same creature.",
               "Egy lényt legfeljebb két lény támadhat."),
    "K 34.8": ("A defender attacked by two chooses which one it hits back.",
               "A két támadóval szembenálló védő eldönti, melyiket üti vissza."),
    "K 34.11": ("Passive buildings cannot be destroyed.",
                "Passzív építményt nem lehet lerombolni."),
    "K 34.12": ("The declaration is final once finished.",
                "A kijelölés lezárása után nem változtatható."),
    "K 35.3": ("Combat abilities are announced alternately, active player first.",
               "A harci képességeket felváltva jelentik be, az aktív játékos kezd."),
    "K 35.1": ("Attacking and defending creatures use their combat abilities (+) in the "
               "combat-abilities sub-phase.", "A támadó és védekező lények a harci képességek "
               "részfázisában használhatják harci (+) képességeiket."),
    "K 35.4": ("All combat abilities are paid and happen simultaneously.",
               "Minden harci képesség egyszerre fizetődik és hat."),
    "K 35.8": ("+X: spend up to X VP to deal that much damage to the creature's opponent.",
               "+X: legfeljebb X VP-t költve annyi sebzést okoz az ellenfelének."),
    "K 36.4": ("Strike: each creature deals its damage to its opponent.",
               "Ütés: minden lény az ellenfelére sebez."),
    "K 36.8": ("Creatures damaged in the strike may be saved by life-saving actions.",
               "Az ütésben megsérült lények életmentő cselekvéssel menthetők."),
    "K 36.2": ("No independent action can be taken in the strike sub-phase.",
               "Az ütés részfázisban önálló cselekvés nem hajtható végre."),
    "K 36.7": ("A creature whose opponent left play takes no further part in the combat.",
               "Az a lény, amelynek ellenfele kikerült a játékból, már nem vesz részt a harcban."),
    "K 36.11": ("Combat ends once the dead are in the graveyard.",
                "A harc véget ér, ha a halottak a gyűjtőbe kerültek."),
    "K 37.0": ("Right after any damage, life-saving actions may raise the damaged creature's HP.",
               "Bármely sebződés után közvetlenül életmentő cselekvéssel növelhető a sérült "
               "lény Ép-je."),
    "K 37.5": ("Creatures at 0 HP and buildings at 0 SP go to the graveyard.",
               "A 0 Ép-ű lények és 0 Sp-ű építmények a gyűjtőbe kerülnek."),
    "K 38.0": ("In the opponent's turn every creature has +1 damage and +1 HP.",
               "Az ellenfél körében minden lény +1 sebzést és +1 Ép-et kap."),
    "K 39": ("Healing phase: instants may be used.", "Gyógyulási fázis: azonnali cselekvések."),
    "K 40.3": ("Turn-break: the turn ends at once.", "Körszakítás: a kör azonnal véget ér."),
    "K 40.3.2": ("A turn-break stops the reaction line; the rest goes to the graveyard.",
                 "Körszakításkor a reakció sor kiértékelése leáll, a többi lap a gyűjtőbe kerül."),
    "K 41": ("End of turn: effects, repair, expiry.", "Kör vége: hatások, helyreállás, lejárat."),
    "K 41.2": ("Mandatory end-of-turn effects happen.", "A kötelező kör végi hatások lezajlanak."),
    "K 41.3": ("Damaged creatures and buildings are repaired.",
               "A sérült lények és építmények helyreállnak."),
    "K 41.4": ("'Until end of turn' effects end.", "A kör végéig tartó hatások megszűnnek."),
    "K 40.5": ("In the end-of-turn phase only actions whose text calls for it can be taken.",
               "A kör vége fázisban csak az ezt kifejezetten előíró vagy megengedő cselekvések "
               "hajthatók végre."),
    "K 57.0": ("A reaction card can only be played in response to an action.",
               "Reakció lap csak egy cselekvésre válaszul játszható ki."),
    "K 57.1": ("What a reaction card can answer follows from its text.",
               "A reakció lap szövegéből derül ki, mire lehet vele reagálni."),
    "K 80": ("Resistance: the card cannot be the target of a source affecting 'target card' or "
             "'target permanent'.", "Rezisztencia: a lap nem lehet célpontja „célpont lap”-ra "
             "vagy „célpont permanens”-re ható forrásnak."),
    "K 67.1": ("When a creature dies, its opponent may extract its monster components.",
               "Ha egy lény meghal, az ellenfele kinyerheti a szörnykomponenseit."),
    "K 67.4": ("Extracting is optional: the entitled player may waive some or all components.",
               "A kinyerés nem kötelező: a jogosult játékos részben vagy egészében lemondhat "
               "róla."),
    "K 86.1": ("P: passivate this card to use the ability.",
               "P: a lap passzivizálása a képesség költsége."),
    "K 86.2": ("Passive, attached or guard-post permanents cannot be passivated.",
               "Passzív, rátett vagy őrposztos permanens nem passzivizálható."),
    "K 90": ("Once-per-turn icons limit how often an ability is used.",
             "A körönkénti jelek korlátozzák a képesség használatát."),
    "K 90.1": ("Once per turn.", "Körönként egyszer."),
    "K 90.3": ("Once per turn, in your own turn.", "Saját körben, körönként egyszer."),
    "K 90.5": ("Once per turn, in the opponent's turn.", "Az ellenfél körében, körönként egyszer."),
    "K 93.4.0": ("An ability works in the hand only if the card is used from the hand to "
                 "activate it (shown, discarded or shuffled back).", "Kézben működő képesség az, "
                 "amelyet a lap kézből való megmutatásával, eldobásával vagy visszakeverésével "
                 "lehet aktiválni."),
    "K 93.6.0": ("An ability works from the graveyard only if the card says so.",
                 "Gyűjtőből csak az a képesség használható, amelyről a lap ezt mondja."),
    "K 94.0": ("Only reactions can enter an open reaction line.",
               "Nyitott reakció sorba csak reakció kerülhet."),
    "K 94.4": ("Players react alternately.", "A játékosok felváltva reagálnak."),
    "K 94.0.2": ("A reaction whose text does not say what it answers answers only an "
                 "opponent's independent action.", "Az a reakció, amelynek szövege nem "
                 "határozza meg, mire használható, csak az ellenfél önálló cselekvésére "
                 "reagálhat."),
    "K 94.6": ("The reaction line is the independent action and the reactions used on it.",
               "A reakció sor az önálló cselekvés és a rá használt reakciók sora."),
    "K 94.6.1": ("Any action in the reaction line, reactions included, may be reacted to.",
                 "A reakció sor bármely cselekvésére lehet reakcióval reagálni."),
    "K 94.7": ("The reaction line resolves last in, first out.",
               "A reakció sor fordított sorrendben értékelődik ki."),
    "K 95.2": ("Automatic reactions happen before reaction actions.",
               "Az automatikus reakciók a reakció cselekvések előtt történnek."),
    "K 104.1": ("A forced destruction sends the permanent to the graveyard.",
                "A kényszerített pusztítás a permanenst a gyűjtőbe küldi."),
    "K 110.0": ("An attacking creature stays attacking until end of turn.",
                "A támadó lény a kör végéig támadónak számít."),
    "K 115": ("VP can be destroyed by effects.", "A VP-t hatások elpusztíthatják."),
    "K 134.2": (("A card that says it enters play active enters active (without flying, it is "
                 "no flier)."),
                ("Az „Aktívan jön játékba” képességű lap aktívan kerül játékba (repül nélkül nem "
                 "repülő).")),
    "K 129.5": ("A direct-damage combat ability +X spends at most X VP and deals that much "
                "damage to the creature's opponent.", "A direkt sebző harci képességre (+X) "
                "legfeljebb X VP költhető, és a lény ennyi sebzést okoz az ellenfelének."),
    "K 131.4": ("Invisibility does not work against a guard post holding a creature that sees "
                "invisibility.", "Ha az őrposztban láthatatlanságot látó lény áll, az ellenfél "
                "lényeinek láthatatlansága nem működik."),
    "K 131.8": ("Resurrection: such creatures may also be played from the graveyard in your own "
                "main phase.", "Feltámadás: az ilyen lényeket a saját fő fázisodban a "
                "gyűjtődből is kijátszhatod."),
    "K 132.4": ("Magic immunity: the creature cannot be the target of spells nor be damaged by "
                "damaging spells.", "Mágiaimmunitás: a lény nem lehet varázslat célpontja, és "
                "sebző varázslat nem sebezheti meg."),
    "K 132.13": ("Cannot be damaged: damage to it is always 0, whatever modifies it.",
                 "Nem sebezhető: a neki okozott sebzés mindig 0, bármi módosítja is."),
    "K 15.3": ("Magic defence: the strike of a creature without magic attack deals it 0 damage.",
               "Mágikus védelem: mágikus támadás nélküli lény ütése 0 sebzést okoz neki."),
    "K 134.0": ("On-play automatic abilities happen when the permanent enters.",
                "A kijátszáskori automatikus képességek a lap megjelenésekor hatnak."),
    "K 136.0": ("An ability with a cost is an activated ability.",
                "A költséges képesség aktiválást kívánó képesség."),
    "K 136.1": ("Using an activated ability is an independent action.",
                "Aktivált képesség használata önálló cselekvés."),
    "K 136.3": ("Abilities with no stated timing are used when an instant could be played.",
                "Időzítés nélküli képesség akkor használható, amikor azonnali varázslat."),
    "K 136.4": ("Once its cost is spent, an ability cannot be withdrawn.",
                "Kifizetett költségű képesség nem vonható vissza."),
    "K 136.5": ("An activated ability happens unless prevented.",
                "Az aktivált képesség létrejön, ha nem akadályozzák meg."),
    "K 136.6": ("Regeneration: spend VP to heal 1 HP.", "Regenerálódás: VP-ért 1 Ép gyógyul."),
    "K 136.7": ("Regeneration heals at most 4 HP on one creature per turn.",
                "Regenerálódással egy lényen körönként legfeljebb 4 Ép gyógyítható."),
    "K 136.8": ("Regeneration is used only as a life-saving action, right after damage.",
                "A regenerálódás csak közvetlenül a sebződés után, életmentő cselekvésként "
                "használható."),
}

_PHASE_RULES = {"prep": "K 29", "draw": "K 30", "main1": "K 31", "exchange": "K 32",
                "combat": "K 33", "main2": "K 31", "healing": "K 39", "end": "K 41"}

_DEFAULT_RULES: dict[type, str] = {
    E.DeckShuffled: "K 2.3.3", E.StarterChosen: "K 3.6", E.StartCeded: "K 3.7",
    E.TurnBegan: "K 29.3", E.PlayerActivated: "K 29.5", E.GuardMoved: "K 32.1",
    E.Repaired: "K 41.3", E.TurnEffectsExpired: "K 41.4", E.LinePushed: "K 94.4",
    E.LinePopped: "K 94.7", E.LineItemPrevented: "K 4.21.2",
    E.LineItemRetargeted: "K 21.5.3", E.TriggerQueued: "K 22", E.CombatBegan: "K 33",
    E.AttackDeclared: "K 34.1", E.AttackWithdrawn: "K 34.12", E.HitBackChosen: "K 34.8",
    E.CombatAbilityAnnounced: "K 35.3", E.CombatEnded: "K 36.11", E.Conceded: "K 2.8.2",
    E.CardHealed: "K 4.26", E.Pumped: "K 41.4", E.KeywordGranted: "K 41.4",
    E.Regenerated: "K 136.8",
    E.AbilityUsed: "K 90", E.CardsPlayedCounted: "K 21.14", E.TurnEnded: "K 41.5",
    E.TaskPopped: "K 4.11", E.TasksCleared: "K 40.3", E.CountersChanged: "K 26",
    E.MaxLifeChanged: "K 3.18", E.PlayerSet: "K 28", E.TurnSet: "K 28",
    E.RandomPicked: "K 4.17", E.TriggerTaken: "K 22.1", E.WoundsChecked: "K 37.0",
    E.ComponentsWaived: "K 67.4", E.CreatureShifted: "K 32.4", E.DrawOffered: "K 2.8.1",
    E.DrawDeclined: "K 2.8.2", E.DrawAgreed: "K 2.8.1",
}

#: The combat phase's steps (engine.hkk.turn._enter_combat): its windows before each sub-phase
#: (K 33.2), the sub-phases (K 33.1), and its end (K 36.11).
_COMBAT_STEP_RULES = {0: "K 33.2", 1: "K 33.1", 2: "K 33.1", 3: "K 33.2", 4: "K 33.1",
                      5: "K 35.4", 6: "K 33.2", 7: "K 33.1", 8: "K 36.11"}


def rule_of(event: object) -> str:
    """The Kódex rule behind an event: its own ``rule`` field, else the rule of its kind."""
    rule = getattr(event, "rule", "")
    if rule:
        return rule
    if isinstance(event, E.Advanced):            # folded: the step it went on to, else the
        if event.steps:                           # task the game now waits on or runs
            event = E.StepBegan(*E.STEPS[event.steps[-1]])
        elif event.push:
            event = E.TaskPushed(event.push[-1])
        else:
            return "K 4.11"
    if isinstance(event, E.StepBegan):
        if event.phase == "combat":
            return _COMBAT_STEP_RULES.get(event.step, "K 33")
        return _PHASE_RULES.get(event.phase, "K 4.11")
    if isinstance(event, E.CardDrawn):
        return "K 3.6" if event.opening else "K 30"
    if isinstance(event, E.TriggerQueued) and event.trigger.played_by >= 0:
        return "K 22.1"                       # related to a card play that took effect
    if isinstance(event, (E.TaskPushed, E.TaskReplaced)):    # the game now waits on, or runs,
        kind = KINDS.get(event.task.kind)                     # the step of that rule
        return kind.rule if kind is not None else "K 4.11"
    return _DEFAULT_RULES.get(type(event), "")


def summary(rule: str, lang: str = "en") -> str:
    """A one-line summary of ``rule`` in ``lang`` (the closest cited parent if not listed)."""
    key = rule
    while key:
        if key in RULES:
            en, hu = RULES[key]
            return hu if lang == "hu" else en
        key = key.rsplit(".", 1)[0] if "." in key else ""
    return ""
