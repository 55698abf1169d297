//! The one list of the expansions, one line each, in the order their hooks run: its
//! module and its `Module`; its tile sets `[Variant = stored number, id, English name,
//! tile file (if any); …]`; its field of `ExtState` with its state type; its decisions as
//! `Step` variants; optionally `figures [Kind = "id", strength, Look]`, the figure kinds
//! it adds (after the core's four, in list order: a kind's number is its place in the
//! supply; strength 0 is no follower; the look is how pictures draw it); optionally
//! `view Type`, its part of what pictures and pages show (a `ViewPart` of its module,
//! the board view's `expansions.<module>`); optionally `presenter Type`, its
//! presentation (words, questions, menus, `/status` parts: the `Presenter` named `Type`
//! in `src/app/board_game/expansions/<module>.rs`, whose `mod` line and place in the
//! app's `PRESENTERS` come from here); then the
//! variants it adds to `Action`, `Decision` and `Event`, each
//! around a type of its module (an event's type has the variant's name; an action's or a
//! decision's says which). The base game has tile sets and no module. A new set takes
//! the next free number: numbers, ids and KindIds (the tile files are read in number
//! order) are stored.
//!
//! The list is a macro that hands its lines to a generator, so that `config.rs` makes the
//! tile sets (`Expansion`), `figures.rs` the figure kinds (`FigureKind`),
//! `expansions/mod.rs` the modules' registry and the app's `board_game/expansions` its
//! presenters from the same lines, and neither the configuration nor the figures depend
//! on a module. The lines' order is the one order of the expansions: their hooks run in
//! it, and the app asks their presenters in it (a player's `/status` line shows their
//! parts in it).

/// Hands the lines to `$generator!`.
macro_rules! with_expansions {
    ($generator:ident) => {
        $generator! {
            base [Base = 0, "base", "Base game", "base.toml"];
            inns_cathedrals: InnsCathedrals
                [InnsCathedrals = 1, "inns-cathedrals", "Inns & Cathedrals", "inns-cathedrals.toml"]
                {} []
                actions []
                decisions []
                events [];
            traders_builders: TradersBuilders
                [TradersBuilders = 2, "traders-builders", "Traders & Builders", "traders-builders.toml"]
                { traders: TradersState } []
                view TradersView
                presenter TradersBuilders
                actions []
                decisions []
                events [GoodsTaken];
            gold_mines: GoldMines [GoldMines = 6, "gold-mines", "Gold Mines", "gold-mines.toml"]
                { gold: GoldState } [Gold(GoldStep)]
                view GoldView
                presenter GoldMines
                actions [PlaceGold(PlaceGoldAction)]
                decisions [PlaceGold(PlaceGoldDecision)]
                events [GoldPlaced, GoldTaken, GoldLost];
            mage_witch: MageWitch [MageWitch = 7, "mage-witch", "Mage & Witch", "mage-witch.toml"]
                { magic: MagicState } [Magic(MagicStep)]
                view MagicView
                presenter MageWitch
                actions [MoveMagic(MoveMagicAction), RemoveMagic(RemoveMagicAction)]
                decisions [MoveMagic(MoveMagicDecision)]
                events [MagicMoved, MagicRemoved];
            flying_machines: FlyingMachines
                [FlyingMachines = 3, "flying-machines", "Flying Machines", "flying-machines.toml"]
                { flight: FlightState } [Land(LandStep)]
                presenter FlyingMachines
                actions [Fly(FlyAction), Land(LandAction)]
                decisions [Land(LandDecision)]
                events [Flew, FlightFailed];
            labyrinth: Labyrinth [Labyrinth = 11, "labyrinth", "The Labyrinth", "labyrinth.toml"]
                {} []
                actions []
                decisions []
                events [];
            river: River [River = 13, "river", "The River", "river.toml"]
                { river: RiverState } []
                actions []
                decisions []
                events [];
            phantom: Phantom [Phantom = 12, "phantom", "The Phantom"]
                { phantom: PhantomState } [Phantom(PhantomStep)]
                figures [Phantom = "phantom", 1, Ghost]
                presenter Phantom
                actions []
                decisions []
                events [];
            ferries: Ferries [Ferries = 5, "ferries", "Ferries", "ferries.toml"]
                { ferries: FerryState } [Ferry(FerryStep), MoveFerry(MoveFerryStep)]
                view FerriesView
                presenter Ferries
                actions [PlaceFerry(PlaceFerryAction), MoveFerry(MoveFerryAction)]
                decisions [PlaceFerry(PlaceFerryDecision), MoveFerry(MoveFerryDecision)]
                events [FerryPlaced, FerryMoved, FerriesStay];
            messages: Messages [Messages = 4, "messages", "Messages"]
                { messages: MessageState } [Marker(MarkerStep), Message(MessageStep)]
                view MessagesView
                presenter Messages
                actions [
                    ChooseMarker(ChooseMarkerAction),
                    UseMessage(UseMessageAction),
                    MarkerPreference(MarkerPreferenceAction),
                ]
                decisions [ChooseMarker(ChooseMarkerDecision), UseMessage(UseMessageDecision)]
                events [MarkerChosen, MessageDrawn, MessageUsed, MarkerPreferenceSet];
            crop_circles: CropCircles
                [
                    CropCircles = 9, "crop-circles", "Crop Circles", "crop-circles.toml";
                    CropCircles1 = 10, "crop-circles-1", "Crop Circles I", "crop-circles-1.toml";
                ]
                { crop: CropState } [CropCircle(CropCircleStep), CropPick(CropPickStep)]
                presenter CropCircles
                actions [
                    CropCircle(CropCircleAction),
                    AddFollower(AddFollowerAction),
                    TakeBack(TakeBackAction),
                ]
                decisions [CropCircle(CropCircleDecision), CropPick(CropPickDecision)]
                events [CropCircleChosen, NothingAdded];
            robbers: Robbers [Robbers = 8, "robbers", "Robbers", "robbers.toml"]
                { robbers: RobberState } [Robber(RobberStep)]
                view RobbersView
                presenter Robbers
                actions [PlaceRobber(PlaceRobberAction)]
                decisions [PlaceRobber(PlaceRobberDecision)]
                events [RobberPlaced, RobberDeclined, RobberStole, RobberReturned];
        }
    };
}

pub(crate) use with_expansions;
