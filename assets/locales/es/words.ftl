# Las palabras de los motores, con los términos de los reglamentos. Claves: word-…

## Figuras
word-figure-follower = seguidor
word-figure-large = seguidor grande
word-figure-builder = constructor
word-figure-pig = cerdo
# La palabra corta que un jugador puede escribir para la figura (/figura tipo:…).
word-figure-follower-short = seguidor
word-figure-large-short = grande
word-figure-builder-short = constructor
word-figure-pig-short = cerdo
word-the-mage = el mago
word-the-witch = la bruja

## Segmentos: "ciudad norte", "camino este+oeste", "campo sur, al este del camino"; .the con el artículo
word-seg-road = camino
    .the = el camino
word-seg-city = ciudad
    .the = la ciudad
word-seg-field = campo
    .the = el campo
word-seg-cloister = claustro
    .the = el claustro
word-seg-centre = centro
word-seg-north = norte
word-seg-east = este
word-seg-south = sur
word-seg-west = oeste
word-seg-north-east = noreste
word-seg-south-east = sureste
word-seg-south-west = suroeste
word-seg-north-west = noroeste
# Look-alike fields told apart: "field south, east-of-road"
word-seg-between-road-and-city = entre el camino y la ciudad
word-seg-corner = de la esquina { $dir }
word-seg-of-road = al { $dir } del camino
word-seg-part = parte { $dir }

## Listas
word-list-separator = {", "}
word-or-separator = {" o "}

## Títulos de los despachos (000)
word-message-1 = puntúa tu camino más corto
word-message-2 = puntúa tu ciudad más pequeña
word-message-3 = puntúa tu claustro más pequeño
word-message-4 = 2 puntos por escudo en tus ciudades
word-message-5 = 2 puntos por caballero
word-message-6 = 2 puntos por granjero
word-message-7 = coloca otra loseta
word-message-8 = puntúa un seguidor y devuélvelo

## Seguidores según su sitio, círculos en los cultivos
word-role-thief = ladrón
word-role-knight = caballero
word-role-farmer = granjero
word-role-monk = monje
word-roles-thief = ladrones
word-roles-knight = caballeros
word-roles-farmer = granjeros
word-crop-pitchfork = horca
word-crop-club = garrote
word-crop-shield = escudo
word-crop-adds = añade
word-crop-takes-back = retira

## Juego de cartas: colores (.row: como color de una fila), especies, edificios, cartas, lo que toca
word-colour-blue = azul
    .row = azul
word-colour-yellow = amarillo
    .row = amarilla
word-colour-red = rojo
    .row = roja
word-colour-green = verde
    .row = verde
word-species-pig = cerdo
word-species-cow = vaca
word-species-horse = caballo
word-species-sheep = oveja
word-building-castle = castillo
word-building-chapel = capilla
word-building-inn = posada
word-building-farmhouse = granja
word-card-person-blue = personaje { $value } de ciudad
word-card-person-yellow = personaje { $value } de claustro
word-card-person-red = personaje { $value } de camino
word-card-person-green = personaje { $value } de campo
word-card-castle = castillo azul
word-card-chapel = capilla amarilla
word-card-inn = posada roja
word-card-farmhouse = granja verde
word-card-pig = cerdo azul
word-card-cow = vaca amarilla
word-card-horse = caballo rojo
word-card-sheep = oveja verde
word-card-dragon = dragón
word-card-fairy = hada
word-card-animal-joker = comodín de animal
word-card-building-joker = comodín de edificio
word-due-play-face-down = jugar una carta boca abajo en cualquier fila
word-due-play-face-up = jugar una carta boca arriba
word-due-play-or-follower = { $play } o colocar el seguidor
word-due-follower = colocar el seguidor
word-due-joker-row = elegir la fila de la carta robada ({ $card })
word-due-misplaced = quedarse la carta mal colocada ({ $card }, de la { $row }) o 10 puntos
word-due-assign-joker = elegir el rebaño de un comodín de animal: { $species }
word-row-blue = fila de ciudades
word-row-yellow = fila de claustros
word-row-red = fila de caminos
word-row-green = fila de campos

## Sucesos del juego de cartas (líneas públicas, en el idioma de la partida) y elecciones
word-card-ev-played-face-down = **{ $name }** jugó una carta boca abajo en la { $row }.
word-card-ev-played = **{ $name }** jugó la carta { $card } en la { $row }.
word-card-ev-secured = **{ $name }** se aseguró { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
} en la { $row }.
word-card-ev-secured-last = **{ $name }** se aseguró { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
} en la { $row }; es el último seguidor: reparte en la siguiente ronda.
word-card-ev-joker-row = La carta { $card } va a la { $row }.
word-card-ev-round-over = Ha terminado la ronda { $round }.
word-card-ev-misplaced-kept = { $name } se queda la carta mal colocada ({ $card }).
word-card-ev-misplaced-points = { $name } anota { $points } puntos por la carta mal colocada ({ $card }).
word-card-hidden-building = edificio
word-card-ev-joker-joins = El comodín de animal de { $name } se une al rebaño de la especie { $species }.
word-card-ev-round-scored = **Puntuación de la ronda { $round }:**
word-card-part-persons = personajes { $points }
word-card-part-animals = animales { $points }
word-card-part-dragon-fairy = dragón/hada { $points }
word-card-part-misplaced = mal colocadas { $points }
word-card-part-chest = { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
} al cofre
word-card-part-nothing = nada
word-card-ev-player-scored = { $disc } { $name }: { $cards ->
    [one] 1 carta asegurada
   *[other] { $cards } cartas aseguradas
}{ $named } — { $parts }; +{ $total } → { $score }
word-card-ev-round-started = Ronda { $round } de { $rounds }: reparte { $dealer }.
word-card-choice-keep = quedarse
word-card-choice-points = puntos

## Sucesos del juego de tablero (líneas públicas, en el idioma de la partida) y el historial
word-ev-tile-placed = **{ $name }** colocó **{ $tile }** en { $at } (girada { $degrees }°)
word-ev-figure-placed = **{ $name }** puso un { $phrase }
word-ev-also-figure = y un { $phrase }
word-ev-no-figure = **{ $name }** no colocó ninguna figura
word-ev-no-figure-spot = **{ $name }** no pudo colocar ninguna figura: no queda ningún sitio libre para una en esa loseta.
word-ev-no-follower-left = **{ $name }** no tiene seguidores en reserva que colocar.
word-ev-feature-completed = completado: { $feature } ({ $tiles ->
    [one] 1 loseta
   *[other] { $tiles } losetas
}).
word-ev-scored = { $disc } { $name } +{ $points } ({ $reason }{ $on }).
word-ev-final-scoring = Puntuación final ({ $what }): { $scores }.
word-ev-set-aside = La loseta robada ({ $tile }) no encaja en ningún sitio y se aparta.
word-ev-resigned = **{ $name }** abandonó.
word-figure-on = { $role } en { $what }
# The figure menu: the number of the spot on the picture, the role, where.
word-figure-numbered = { $number } · { $role }, { $what }
word-large-role = seguidor grande ({ $role })
# An expansion's follower by its place ("phantom (thief)").
word-figure-role = { $figure } ({ $role })

## Por qué se puntuó
word-reason-road-completed = camino completado
word-reason-city-completed = ciudad completada
word-reason-cloister-completed = claustro completado
word-reason-road = camino sin completar
word-reason-city = ciudad sin completar
word-reason-cloister = claustro sin completar
word-reason-farm = granja

## Las decisiones de las expansiones: las etiquetas de las opciones (menús, botones, /choose) y las preguntas

# The figure menu: boarding the flying machine; /status: figures left.
word-figure-fly = { $figure } en la máquina voladora (decide el dado)
word-figures-left = { $kind ->
    [large] { $n ->
        [one] 1 seguidor grande
       *[other] { $n } seguidores grandes
    }
    [builder] { $n ->
        [one] 1 constructor
       *[other] { $n } constructores
    }
    [pig] { $n ->
        [one] 1 cerdo
       *[other] { $n } cerdos
    }
    [phantom] { $n ->
        [one] 1 fantasma
       *[other] { $n } fantasmas
    }
   *[follower] { $n ->
        [one] 1 seguidor
       *[other] { $n } seguidores
    }
}

# Expansion names (their rulebooks' own).
word-exp-base = Juego básico
word-exp-inns-cathedrals = Posadas y Catedrales
word-exp-traders-builders = Constructores y Comerciantes
word-exp-flying-machines = Máquinas voladoras
word-exp-messages = Despachos
word-exp-ferries = Transbordadores
word-exp-gold-mines = Minas de Oro
word-exp-mage-witch = Mago y Bruja
word-exp-robbers = Salteadores
word-exp-crop-circles = Círculos en los cultivos
word-exp-crop-circles-1 = Círculos en los cultivos I
word-exp-labyrinth = El laberinto
word-exp-phantom = El Fantasma
word-exp-river = El Río
# Las palabras que se escriben para una expansión (/nueva expansiones:…), la primera se muestra.
word-exp-typed-base = basico base
word-exp-typed-inns-cathedrals = posadas-catedrales posadas-y-catedrales
word-exp-typed-traders-builders = constructores-comerciantes constructores-y-comerciantes
word-exp-typed-flying-machines = maquinas-voladoras
word-exp-typed-messages = despachos
word-exp-typed-ferries = transbordadores
word-exp-typed-gold-mines = minas-de-oro
word-exp-typed-mage-witch = mago-bruja mago-y-bruja
word-exp-typed-robbers = salteadores
word-exp-typed-crop-circles = circulos-en-los-cultivos circulos
word-exp-typed-crop-circles-1 = circulos-en-los-cultivos-1 circulos-1
word-exp-typed-labyrinth = laberinto
word-exp-typed-phantom = fantasma
word-exp-typed-river = rio

# The final breakdown by category.
word-category-roads = caminos
word-category-cities = ciudades
word-category-cloisters = claustros
word-category-farms = granjas
word-category-goods = mercancías
word-category-gold = oro
word-category-robbers = salteadores
word-category-messages = despachos
word-final-incomplete = construcciones sin terminar

## Colores de los jugadores
word-player-colour-red = rojo
word-player-colour-green = verde
word-player-colour-blue = azul
word-player-colour-yellow = amarillo
word-player-colour-black = negro
word-player-colour-grey = gris

## Una loseta en palabras, por sus partes (src/i18n/tile_words.rs): "una ciudad en un
## lado y un camino recto". $n cuenta partes iguales, $roads los caminos que acaban en una.
word-tile-and = { $rest } y { $last }
word-tile-with = { $what } con { $extra }
word-tile-where = { $roads ->
    [0] { $what }
    [one] { $what } donde acaba un camino
   *[other] { $what } donde acaban { $roads } caminos
}
word-tile-field = un campo
word-tile-cloister = un claustro
word-tile-city = { $n ->
    [one] una ciudad
   *[other] { $n } ciudades
} en { $shape ->
    [one] un lado
    [corner] dos lados contiguos
    [opposite] dos lados opuestos
    [three] tres lados
   *[four] los cuatro lados
}{ $n ->
    [one] {""}
   *[other] {" "}cada una
}
word-tile-road = { $shape ->
    [straight] { $n ->
        [one] un camino recto
       *[other] { $n } caminos rectos
    }
    [curved] { $n ->
        [one] un camino curvo
       *[other] { $n } caminos curvos
    }
   *[other] { $n ->
        [one] un camino
       *[other] { $n } caminos
    }
}
word-tile-crossroads = { $roads ->
    [one] un camino que acaba en el centro
    [2] 2 caminos que se juntan en el centro
   *[other] un cruce de { $roads } caminos
}
word-tile-road-to-city = { $n ->
    [one] un camino hacia una ciudad
   *[other] { $n } caminos hacia una ciudad
}
word-tile-road-to-house = { $n ->
    [one] un camino que acaba en una casa
   *[other] { $n } caminos que acaban en una casa
}
word-tile-road-end = { $n ->
    [one] un camino que acaba en la loseta
   *[other] { $n } caminos que acaban en la loseta
}
word-tile-labyrinth = un laberinto que une { $roads } caminos
word-tile-river = { $shape ->
    [spring] un manantial, donde nace el río
    [lake] un lago, donde acaba el río
    [straight] un río recto
   *[curved] una curva del río
}
word-tile-lake = un lago
word-tile-crop-circle = un círculo en los cultivos con { $symbol }
word-tile-bridge = un puente
word-tile-flying-machine = una máquina voladora
word-tile-gold = una mina de oro
word-tile-magic = un símbolo mágico
word-tile-robber = un símbolo de salteador
word-tile-shield = un escudo
word-tile-cathedral = una catedral
word-tile-inn = una posada

## Constructores y Comerciantes
word-ev-goods = { $name } toma las fichas de mercancía: { $goods }.
word-ev-extra-tile = El constructor de { $name } trae una segunda loseta este turno.
word-reason-goods = más { $good }
word-good-wine = vino
word-good-grain = grano
word-good-cloth = tela

## Minas de Oro
word-ev-gold-placed = Un lingote va a la loseta en { $at } ({ $bars ->
    [one] 1 lingote
   *[other] { $bars } lingotes
} ahí).
word-ev-gold-taken = { $disc } { $name } toma { $bars ->
    [one] 1 lingote
   *[other] { $bars } lingotes
}.
word-ev-gold-lost = { $bars ->
    [one] Se pierde 1 lingote que quedaba en el tablero.
   *[other] Se pierden { $bars } lingotes que quedaban en el tablero.
}
word-reason-gold = lingotes
word-choice-gold = Lingote en la loseta en { $at }
word-ask-gold = una loseta de oro: pon el segundo lingote en una loseta junto a ella (también en diagonal)

## Despachos
word-ev-on-marker = , marcador { $marker }
word-ev-message-drawn = El marcador de **{ $name }** se detuvo en un múltiplo de 5: toma el despacho { $message }: «{ $title }» (o 2 puntos).
word-ev-message-used = **{ $name }** usó el despacho { $message } (su acción); va debajo del mazo.
word-ev-message-points = **{ $name }** tomó 2 puntos en lugar de la acción del despacho { $message }; el despacho va debajo del mazo.
word-reason-message = despacho { $message }
# Un despacho que puntuó una construcción: una loseta suya.
word-reason-message-at = despacho { $message }, en { $at }
word-choice-marker = Marcador { $marker }: { $at } → { $to }
word-choice-on-marker = {" "}en el marcador { $marker } (en { $at })
# Dos puntos en un marcador: dónde está y dónde acaba.
word-choice-on-marker-to = {" "}en el marcador { $marker } ({ $at } → { $to })
word-choice-two-points = Tomar 2 puntos{ $on }
word-choice-message-8 = Puntuar y retirar tu seguidor en { $place }{ $on }
word-ask-marker = puntúas { $points ->
    [one] 1 punto
   *[other] { $points } puntos
} ahora: elige el marcador de puntuación que mueven (marcador 1: { $first } → { $first_to }, marcador 2: { $second } → { $second_to }); un marcador que se detiene en 5, 10, 15, ... trae un despacho
word-ask-message = tu marcador se detuvo en un múltiplo de 5: tomas el despacho { $message } ({ $title }); úsalo o toma 2 puntos
word-ask-message-unavailable = tu marcador se detuvo en un múltiplo de 5: tomas el despacho { $message } ({ $title }), que ahora no puedes cumplir; úsalo o toma 2 puntos

## Salteadores
word-ev-robber = { $disc } { $name } { $moved ->
    [yes] movió
   *[no] puso
} su salteador junto al marcador de puntuación{ $which } de { $besidedisc } { $beside }.
word-ev-robber-declined = { $disc } { $name } no colocó ningún salteador.
word-ev-robber-stole = El salteador de { $name } se lleva { $points ->
    [one] 1 punto
   *[other] { $points } puntos
} de la puntuación de { $from } y vuelve a casa.
word-ev-robber-home = El salteador de { $name } vuelve a casa.
word-reason-robber = salteador
word-choice-robber = { $moved ->
    [yes] Mover
   *[no] Poner
} tu salteador junto al marcador de { $disc } { $name }
word-choice-robber-marker = { $moved ->
    [yes] Mover
   *[no] Poner
} tu salteador junto al marcador { $marker } de { $disc } { $name }
word-choice-robber-stays = Dejar tu salteador donde está
word-choice-no-robber = Ningún salteador
word-ask-robber-move = una loseta de salteadores: puedes mover tu salteador junto al marcador de puntuación de otro jugador
word-ask-robber = una loseta de salteadores: puedes poner tu salteador junto al marcador de puntuación de otro jugador
word-ask-robber-other = ahora puedes poner tu salteador junto al marcador de puntuación de otro jugador (se lleva la mitad de sus próximos puntos)

## Mago y Bruja
word-ev-magic-moved = { $name } puso { $figure } en { $place }.
word-ev-magic-removed = { $figure } sale del tablero (desde { $at }).
word-choice-move-magic = { $letter } · Mover { $figure ->
    [mage] al mago
   *[other] a la bruja
} { $feature ->
    [city] a la ciudad
   *[other] al camino
} { $place }
word-choice-put-magic = { $letter } · Poner { $figure ->
    [mage] al mago
   *[other] a la bruja
} en { $feature ->
    [city] la ciudad
   *[other] el camino
} { $place }
# Dónde está un destino del mago o la bruja: quién ocupa la zona, y una loseta de ella.
word-magic-held = de { $holders } en { $at }
word-magic-free = libre en { $at }
word-choice-remove-magic = Retirar { $figure } del tablero
word-ask-magic-forced = el mago y la bruja están en la misma zona: mueve uno de ellos antes de puntuar
word-ask-magic = una loseta mágica: pon o mueve el mago o la bruja a un camino o una ciudad sin completar

## Máquinas voladoras
word-ev-flew = El { $figure } de { $name } sube a la máquina voladora: el dado muestra { $roll }, vuela hasta { $to }.
word-ev-flight-failed = El { $figure } no encuentra ahí ningún camino, ciudad ni claustro sin completar y vuelve.
word-choice-land = Aterrizar el { $figure } en { $place }
word-ask-land = el dado muestra { $roll }: tu { $figure } vuela hasta la loseta en { $at }; elige dónde aterriza

## Transbordadores
word-ev-ferry-placed = **{ $name }** puso un transbordador en el lago en { $at }, que une sus caminos { $a } y { $b }.
word-ev-ferry-moved = **{ $name }** movió el transbordador en { $at }: ahora une los caminos { $a } y { $b }.
word-ev-ferries-stay = **{ $name }** dejó los transbordadores donde están.
word-choice-ends = { $a } y { $b }
word-choice-ferry = Transbordador que une los caminos { $ends }
word-choice-ferries-stay = No mover (más) transbordadores
word-choice-move-ferry = Mover el transbordador en { $at } para unir los caminos { $ends }
word-ask-ferry = pon un transbordador en el lago en { $at }, uniendo dos de sus extremos de camino
word-ask-move-ferry = tu loseta prolonga un camino con transbordadores: puedes mover el primer transbordador que se encuentra en cada dirección (una vez cada uno)

## Círculos en los cultivos
word-ev-crop-add = **{ $name }** eligió **añadir** para el círculo en los cultivos: cada jugador puede añadir un seguidor junto a uno de sus { $kind }.
word-ev-crop-remove = **{ $name }** eligió **retirar** para el círculo en los cultivos: cada jugador retira uno de sus { $kind }.
word-ev-nothing-added = **{ $name }** no añadió ningún seguidor.
word-ev-took-back = **{ $name }** retiró su { $figure } de la loseta en { $at }
word-choice-crop-add = Añadir: cada uno puede añadir un { $follower } junto a uno suyo
word-choice-crop-remove = Retirar: cada uno retira un { $follower }
word-choice-add-none = No añadir ningún { $follower }
word-choice-add-one = Añadir un { $follower } en { $place }
word-choice-take-back = Retirar tu { $who } de { $place }
word-ask-crop = el círculo en los cultivos ({ $symbol }) en { $at }: elige añadir o retirar para los { $followers } de cada jugador
word-ask-crop-add = círculo en los cultivos: puedes añadir un { $follower } junto a uno de los tuyos
word-ask-crop-remove = círculo en los cultivos: retira uno de tus { $followers }

## El Fantasma
word-figure-phantom = fantasma
word-figure-phantom-short = fantasma
word-ask-phantom = también puedes poner tu fantasma en la loseta que acabas de colocar, o guardarlo
word-choice-keep-phantom = Guardar el fantasma

# Las palabras de los valores de /elegir, como se escriben: "marcador 1".
word-value-marker = marcador
word-value-add = añadir
word-value-remove = retirar
word-value-none = ninguno
word-value-no = ningún
word-value-robber = salteador
word-value-keep = conservar
word-value-done = listo
word-value-ferry = transbordador
word-value-move = mover
word-value-land = aterrizar
word-value-gold = oro
word-value-back = recuperar
word-value-mage = mago
word-value-witch = bruja
word-value-follower = seguidor
word-value-large = grande
word-value-builder = constructor
word-value-pig = cerdo
word-value-phantom = fantasma
word-value-red = rojo
word-value-green = verde
word-value-blue = azul
word-value-yellow = amarillo
word-value-black = negro
word-value-grey = gris
