# Rechazos de los motores: qué se rechazó y qué sería válido. Claves: err-…

## Juego de tablero
err-game-over = la partida ha terminado
err-nothing-to-decide = no quedan más losetas que jugar
err-no-such-player = no hay jugador { $player } en esta partida
err-resigned = el jugador { $player } ha abandonado esta partida
err-not-your-turn = no es tu turno (decide el jugador { $expected })
err-wrong-decision = la partida espera { $expected }
err-tile-does-not-fit = la loseta no puede ir en { $at } girada { $rotation }: { $reason }
err-no-such-segment = la loseta no tiene segmento { $segment } (tiene { $segments })
err-no-figure-left = no te queda ningún { $figure }
err-figure-not-allowed = un { $figure } no puede ir ahí: { $reason }
err-expect-tile = que se coloque la loseta robada
err-expect-figure = que se coloque una figura o se pase
err-tile-taken = ese lugar está ocupado
err-tile-must-touch = debe tocar por un lado una loseta ya colocada
err-tile-edges = sus bordes no encajan con las losetas vecinas
err-tile-river-continue = una loseta de río debe continuar el río
err-tile-river-u-turn = el río no puede girar dos veces seguidas hacia el mismo lado (sin curva en U)
err-no-flying-machine = la loseta que has colocado no tiene máquina voladora
err-only-followers-fly = solo vuelan los seguidores
err-figure-not-in-game = esta partida se juega sin ellos
err-farmers-off = en esta partida no hay granjeros
err-figure-on-river = ninguna figura puede ir en el río
err-segment-occupied = ya hay una figura en { $what }
err-phantom-only = ahora solo puedes colocar tu fantasma
err-builder-needs-follower = { $what } no es un camino ni una ciudad con uno de tus seguidores
err-pig-needs-farmer = { $what } no es un campo con uno de tus granjeros
err-no-tile-at = no hay ninguna loseta en { $at }
err-segment-at = { $what } en { $at }

## Despachos
err-no-messages-one-marker = esta partida se juega sin Despachos: cada jugador tiene un marcador
err-no-marker-preference = no hay marcador de puntuación { $marker }: la preferencia es atrás, delante, marcador 0 o marcador 1
err-no-marker = no hay marcador de puntuación { $marker }: elige el marcador 0 o el 1
err-expect-marker = el marcador de puntuación (0 o 1) que mueven los puntos de este turno
err-expect-message = la acción del despacho o sus 2 puntos
err-message-no-target = solo la acción del despacho 8 nombra un seguidor
err-message-unavailable = el despacho { $message } ({ $title }) no se puede cumplir: { $why }; toma los 2 puntos en su lugar
err-message-7-no-marker = el despacho 7 da una loseta, no puntos: no mueve ningún marcador
err-pos-segment = { $at } segmento { $segment }
err-message-8-target = el despacho 8 puntúa uno de tus seguidores y lo devuelve: nombra uno de { $options }
err-no-follower-road = no tienes ningún seguidor en un camino
err-no-follower-city = no tienes ningún seguidor en una ciudad
err-no-follower-cloister = no tienes ningún seguidor en un claustro
err-no-knight = no tienes ningún caballero
err-no-farmer = no tienes ningún granjero
err-no-tile-left = no quedan losetas que robar
err-no-follower-on-board = no tienes ningún seguidor en el tablero

## Círculos en los cultivos
err-expect-crop-option = la opción del círculo en los cultivos: añadir o retirar
err-expect-crop-add = un seguidor que añadir junto a uno de los tuyos (círculo en los cultivos), o pasar
err-expect-crop-remove = uno de tus seguidores que retirar (círculo en los cultivos)
err-crop-must-remove = el círculo dice retirar: debes retirar uno de tus { $kind }
err-crop-wrong-role = tu { $role } en { $what } en { $at } no es un { $follower }: el círculo ({ $symbol }) { $verb } solo { $kind }
err-crop-none-to-add = no tienes ningún { $follower } en { $what } en { $at }: el seguidor va junto a uno de tus propios { $kind } (misma loseta, misma zona)
err-crop-none-to-remove = no tienes ningún { $figure } en { $what } en { $at }
err-crop-add-valid = { $reason }, junto a uno de los tuyos; válidos: { $valid }
err-crop-remove-valid = { $reason }, válidos: { $valid }

## Minas de Oro
err-expect-gold = que se coloque el segundo lingote
err-gold-not-there = el segundo lingote no puede ir en { $at }: va en una loseta junto a la loseta de oro en { $gold } (cuentan las diagonales): { $options }

## Transbordadores
err-expect-ferry = que se coloque un transbordador en el lago recién colocado
err-expect-ferry-move = que se mueva un transbordador, o pasar
err-ferry-here = el nuevo transbordador va en el lago de la loseta recién colocada, en { $here }, no en { $at }
err-ferry-ends = un transbordador une dos extremos de camino del lago; aquí: { $options }
err-no-ferry-at = no hay ningún transbordador en { $at }
err-ferry-moved = el transbordador en { $at } ya se ha movido este turno (un transbordador se mueve como mucho una vez por turno)
err-the-ferry-at = el transbordador en { $at }
err-ferry-not-movable = solo puede moverse el primer transbordador que se encuentra en cada dirección del camino desde la loseta recién colocada: { $options }
err-ferry-own-ends = un transbordador une dos extremos de camino de su propio lago; en { $at }: { $options }
err-ferry-same-ends = el transbordador en { $at } ya une esos extremos

## Máquinas voladoras
err-expect-landing = que aterrice la figura que vuela
err-land-field = una figura que vuela nunca aterriza en un campo
err-land-complete = ya se ha completado
err-cannot-land = la figura no puede aterrizar en { $what }: { $reason }; puede aterrizar en: { $options }

## Salteadores
err-expect-robber = que se coloque un salteador junto a un marcador de puntuación, o pasar
err-robber-own = un salteador no puede robar a tu propio marcador de puntuación
err-robber-no-player = no hay jugador { $player }
err-robber-resigned = el jugador { $player } ha abandonado la partida
err-robber-no-marker = el jugador { $player } no tiene marcador de puntuación { $marker } (marcadores: 0 a { $last })
err-robber-there-already = tu salteador ya está ahí
err-robber-player-marker = jugador { $player } marcador { $marker }
err-robber-player = jugador { $player }
err-robber-not-there = { $why }: puede ir junto a { $options }, o pasar

## Mago y Bruja
err-expect-magic = que se coloque, mueva o retire el mago o la bruja
err-magic-no-tile = { $figure } no puede ir a { $at }: no hay ninguna loseta ahí
err-magic-not-road-city = { $what } no es un camino ni una ciudad
err-magic-complete = { $what } ya se ha completado
err-magic-other-there = { $other } está en { $what }
err-magic-must-move = ya está ahí; debe moverse
err-magic-not-there = { $figure } no puede ir ahí: { $reason }
err-magic-not-on-board = { $figure } no está en el tablero
err-magic-remove-not-yet = { $figure } solo se puede retirar cuando ninguna de las dos figuras mágicas puede ir a un camino o una ciudad sin completar; colócala o muévela en su lugar

## Juego de cartas
err-card-invalid-config = preparación de la partida de cartas no válida: { $problem }
err-card-game-over = la partida ha terminado: no hay más acciones
err-card-no-such-seat = no hay asiento { $player }: los asientos van del 0 al { $last }
err-card-not-your-turn = no es el turno del asiento { $player }: el asiento { $expected } debe { $due }
err-card-wrong-action = esa acción no es posible ahora: debes { $due }
err-card-not-in-hand = no tienes la carta { $card } en la mano: juega una carta que tengas
err-card-no-cards-left = no te quedan cartas: debes colocar tu seguidor
err-card-face-down = tu primera carta de esta ronda se juega boca abajo (en cualquier fila)
err-card-face-up = solo la primera carta de la ronda se juega boca abajo: juega esta boca arriba
err-card-wrong-row = la carta { $card } boca arriba no puede ir a la fila { $row }: va a la fila { $expected }
err-card-follower-out = tu seguidor ya está fuera esta ronda: debes jugar una carta
err-card-species = el comodín no puede unirse a la especie { $species }: elige una de { $options }
