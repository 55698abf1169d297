# Todas las palabras que se dibujan en las imágenes (src/render). Claves: pic-…
# Las imágenes del canal usan el idioma de la partida; la imagen propia de un jugador
# (la mano del juego de cartas), el idioma de ese jugador.

## El panel lateral del tablero (también los fotogramas de la repetición)

pic-game-over = Fin de la partida
pic-turn = Turno { $turn } · quedan { $left ->
    [one] 1 loseta
   *[other] { $left } losetas
}
pic-next-tile = Siguiente loseta, para { $name }
pic-spots = { $count ->
    [0] ningún lugar
    [one] 1 lugar: { $first }
   *[other] { $count } lugares: de { $first } a { $last }
}
# The turn picture shows part of the board: the spots left out, by label.
pic-spots-off = { $count ->
    [one] 1 lugar más: en la segunda imagen, todo el tablero
   *[other] { $count } lugares más: en la segunda imagen, todo el tablero
}
pic-score-track = Marcador de puntuación
pic-robber-home = en su reserva
pic-robber-by = junto a { $name }

## La imagen del final de la partida

pic-final-scores = Puntuación final
pic-col-player = Jugador
pic-col-roads = Caminos
pic-col-cities = Ciudades
pic-col-cloisters = Claust.
pic-col-farms = Granjas
pic-col-goods = Mercanc.
pic-col-gold = Oro
pic-col-robbers = Salteador.
pic-col-messages = Despachos
pic-col-other = Otros
pic-col-other-legend = Otros: { $kinds }
pic-col-total = Total
pic-wins = { $name } gana con { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}
pic-share-win = { $names } comparten el 1.er puesto con { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}
pic-and = y

## Las imágenes del juego de cartas: cartas, filas y especies

pic-colour-row-blue = fila azul
pic-colour-row-yellow = fila amarilla
pic-colour-row-red = fila roja
pic-colour-row-green = fila verde
pic-row-short-blue = ciudades
pic-row-short-yellow = claustros
pic-row-short-red = caminos
pic-row-short-green = campos
pic-in-row = en la { $row }
pic-face-dragon = dragón
pic-face-fairy = hada
pic-face-animal-joker = comodín animal
pic-face-building-joker = comodín edificio
pic-player-n = Jugador { $number }

## La mesa del juego de cartas

pic-cards-laying-out = Colocando las filas
pic-cards-round = Ronda { $round } de { $rounds }
pic-cards-round-scoring = Ronda { $round } de { $rounds }: puntuación
pic-cards-to-deal = { $count ->
    [one] 1 carta por repartir
   *[other] { $count } cartas por repartir
}
pic-cards-dealer = Repartidor: { $name }
pic-cards-share-victory = { $names } comparten la victoria con { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}
pic-cards-next-deal = Esperando al siguiente reparto
pic-cards-acting = { $name } debe { $what }
pic-open-end-1 = final
pic-open-end-2 = abierto
pic-open-end-3 = a asegurar
pic-secured-title = Aseguradas esta ronda, por puntuar:
pic-secured-what = { $from }, { $count ->
    [one] 1 carta
   *[other] { $count } cartas
}
pic-no-follower = sin seguidor
pic-nothing = nada
pic-col-hand = Mano
pic-col-follower = Seguidor
pic-col-herds = Rebaños
pic-col-chest = Cofre
pic-col-score = Puntos
pic-note-dealer = reparte
pic-note-face-down = próxima carta boca abajo
pic-round-gain = +{ $points } en la ronda { $round }
pic-hand-none = ninguna
pic-herds-none = ninguno
pic-herds-none-yet = ninguno aún
pic-follower-ready = listo
pic-follower-used = usado esta ronda
pic-jokers-waiting = ×{ $count } en espera
pic-chests-opened = cofres abiertos: las series de edificios diferentes dan 0 / 5 / 15 / 30 puntos por 1 / 2 / 3 / 4 cartas
pic-points-word = puntos
pic-building-detail = { $before } + edificios { $points } ({ $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
})
pic-empty-chest = cofre vacío

## La mano de un jugador de cartas

pic-hand-title = Mano de { $name }
pic-hand-cards = { $count ->
    [one] 1 carta
   *[other] { $count } cartas
}
pic-hand-round-cards = Ronda { $round } de { $rounds } · { $cards }
pic-hand-not-dealt = Las cartas se reparten cuando las filas estén colocadas.
pic-hand-empty = No tienes cartas en la mano.
pic-any-row = cualquier fila
pic-caption-face-down = boca abajo · { $place }
pic-caption-face-up = → { $place }
pic-not-now = ahora no
pic-hand-face-down-title = Tus cartas boca abajo
pic-hand-face-down-note = en la mesa (solo tú las ves):
pic-hand-turn = Tu turno: { $play }
pic-hand-turn-or-follower = Tu turno: { $play }, o coloca tu seguidor
pic-hand-play-follower = coloca tu seguidor al final de una fila
pic-hand-play-first = juega tu primera carta boca abajo en cualquier fila
pic-hand-play-face-up = juega una carta boca arriba en su fila (comodines: en cualquiera)
pic-hand-decide-joker-row = Tu decisión: la fila de la carta robada ({ $card })
pic-hand-decide-misplaced = Tu decisión: quedarte la carta mal colocada ({ $card }, de la { $row }) o 10 puntos
pic-hand-decide-joker = Tu decisión: a qué rebaño se une el comodín de animal
pic-hand-over = La partida ha terminado
pic-hand-waiting = Esperando a { $name }: { $what }
pic-hand-found-in = { $card }, en la { $row }
pic-hand-keep = quedártela
pic-hand-ten-points = 10 puntos
pic-hand-joker-joins = El comodín de animal se une al rebaño de:
pic-hand-drawn-laying-out = Robada al colocar las filas: { $card }
pic-hand-score = Puntos
pic-hand-follower = Seguidor
pic-hand-herds = Rebaños
pic-hand-in-chest = { $count } en el cofre

# La letra de las figuras, marcadores y fichas de cada color (rojo, verde, azul,
# amarillo, negro, gris): una mayúscula distinta por color, entre A B E G K M N R V Y
# (las figuras las dibujan con mapas de 3x5 puntos).
pic-letter-red = R
pic-letter-green = V
pic-letter-blue = A
pic-letter-yellow = M
pic-letter-black = N
pic-letter-grey = G
