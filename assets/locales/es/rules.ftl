# /reglas: un resumen por tema (un mensaje de Discord: 2000 caracteres como mucho). Los
# términos son los de los reglamentos de Devir. Claves: rules-TEMA, y
# rules-topic-words-TEMA: las palabras que /reglas tema: acepta en español (separadas por
# espacios; la primera es la que se muestra).

rules-topic-words-base = base básico
rules-topic-words-farmers = granjeros granjas
rules-topic-words-inns-cathedrals = posadas-catedrales posadas-y-catedrales posadas catedrales
rules-topic-words-traders-builders = constructores-comerciantes comerciantes-constructores constructores-y-comerciantes constructores comerciantes
rules-topic-words-gold-mines = minas-de-oro minas oro
rules-topic-words-mage-witch = mago-bruja mago-y-bruja mago bruja
rules-topic-words-flying-machines = maquinas-voladoras máquinas-voladoras maquinas máquinas
rules-topic-words-ferries = transbordadores
rules-topic-words-crop-circles = circulos-en-los-cultivos círculos-en-los-cultivos circulos círculos
rules-topic-words-labyrinth = laberinto
rules-topic-words-robbers = salteadores ladrones
rules-topic-words-messages = despachos
rules-topic-words-cards = cartas juego-de-cartas
rules-topic-words-bot = bot
rules-unknown-topic = No hay ningún tema de reglas «{ $topic }». Temas: { $topics }.

rules-base =
    {"*"}*Carcassonne, juego básico** (de 2 a 6 jugadores, 7 seguidores cada uno).
    En tu turno: roba una loseta y colócala tocando el tablero de modo que los caminos, ciudades y campos coincidan en todos sus lados. Después puedes colocar un seguidor en esa loseta: en un camino (ladrón), una ciudad (caballero), el claustro (monje) o un campo (granjero, tumbado), pero no en un camino, ciudad o granja donde ya haya un seguidor, esté donde esté. Un camino completado da 1 punto por loseta; una ciudad completada, 2 por loseta y 2 por escudo (una ciudad de solo 2 losetas: 2, más 1 por escudo); un claustro rodeado por sus 8 losetas, 9. Los puntos son para quien tenga más seguidores; en caso de empate, todos los empatados reciben la totalidad. Los seguidores vuelven tras puntuar; los granjeros se quedan.
    Al final puntúan los caminos, ciudades (1 por loseta y escudo) y claustros (1 por loseta) no completados, y después las granjas (`/reglas tema:granjeros`). Una loseta que no se puede colocar en ningún sitio se retira.
rules-farmers =
    {"*"}*Granjeros.** Una granja son segmentos de campo conectados; la separan los caminos, las ciudades y los lados de las losetas. Las granjas solo puntúan al final.
    `granjeros:moderna` (por defecto, reglamento 000): quienes tengan más granjeros en una granja reciben 3 puntos por cada ciudad completada adyacente a ella; una ciudad puede dar puntos a varias granjas.
    `granjeros:clásica` (1.ª edición, 001): cada ciudad completada da 3 puntos una sola vez, a quienes tengan más granjeros en el conjunto de granjas que la abastecen.
    `granjeros:sin granjeros`: sin granjeros (regla de la casa).
rules-inns-cathedrals =
    {"*"}*Posadas y Catedrales** (+18 losetas, un seguidor grande cada uno).
    El seguidor grande cuenta como dos seguidores para la mayoría (también como granjero) y donde se pagan puntos por seguidor (el laberinto, despachos 5 y 6), y vuelve como cualquier seguidor. Un camino con posada da 2 puntos por loseta al completarse, pero 0 si queda sin completar al final; una ciudad con catedral da 3 por loseta y 3 por escudo al completarse, y 0 si queda sin completar al final.
rules-traders-builders =
    {"*"}*Constructores y Comerciantes** (+24 losetas, un constructor y un cerdo cada uno, mercancías).
    Constructor: colócalo en un camino o ciudad de tu nueva loseta donde ya tengas un seguidor; cada turno posterior en que amplíes ese camino o ciudad, colocas una segunda loseta (una vez por turno). Vuelve cuando su construcción se puntúa o ya no tiene seguidores tuyos, y nunca cuenta para la mayoría.
    Cerdo: colócalo en una granja de tu nueva loseta donde tengas un granjero; si eres propietario de esa granja al final, cada una de sus ciudades te da 4 puntos en vez de 3.
    Mercancías: quien completa una ciudad se lleva sus fichas de vino, grano y tela; al final, quien tenga más de cada tipo recibe 10 puntos (en caso de empate, todos).
rules-gold-mines =
    {"*"}*Minas de Oro** (+8 losetas con el símbolo de oro, 16 lingotes de oro).
    Al colocar una loseta de oro, se pone un lingote en ella y tú pones otro en una loseta adyacente, también en diagonal (`/elegir` o el menú). Un lingote está en todos los caminos, ciudades y claustros de su loseta. Cuando se completa un camino, ciudad o claustro, quien tenga la mayoría se lleva los lingotes de sus losetas (un claustro: su loseta y las 8 de alrededor); si hay empate, o se completan varias construcciones a la vez, se reparten de uno en uno siguiendo el orden de juego desde quien colocó la loseta. Al final se pierden los lingotes que queden en el tablero, y los de cada jugador puntúan: de 1 a 3 lingotes, 1 punto cada uno; de 4 a 6, 2; de 7 a 9, 3; 10 o más, 4.
rules-mage-witch =
    {"*"}*Mago y Bruja** (+8 losetas con el símbolo de mago; el mago y la bruja no son de nadie).
    Al colocar una loseta de mago debes poner el mago o la bruja en cualquier camino o ciudad sin completar del tablero, o mover uno de ellos allí (`/elegir` o el menú); nunca los dos en la misma construcción. Solo si no hay ningún camino ni ciudad libre para ellos retiras uno del tablero. Si una loseta une sus construcciones, mueves uno antes de puntuar. El mago añade 1 punto por loseta a su camino o ciudad; la bruja reduce los puntos a la mitad (redondeando hacia arriba, después de posadas y catedrales). Cuando su construcción se completa, la figura sale del tablero. Al final modifican igual los caminos y ciudades sin completar; con el mago, un camino con posada o una ciudad con catedral sin completar da 1 punto por loseta.
rules-flying-machines =
    {"*"}*Máquinas voladoras** (+8 losetas con máquina voladora, un dado especial 1, 1, 2, 2, 3, 3).
    En vez de colocar una figura en la loseta con máquina voladora que acabas de poner, puedes poner un seguidor (o tu seguidor grande) en la máquina (`/figura` o el menú). El bot tira el dado (se ve en el mensaje del turno): la figura vuela esa cantidad de losetas en la dirección de la máquina (recta o en diagonal, según esté girada la loseta). Debe aterrizar en un camino, ciudad o claustro sin completar de esa loseta, aunque ya esté ocupado, nunca en un campo; tú eliges dónde (`/elegir`). Si allí no hay loseta, o nada donde aterrizar, vuelve a tu reserva y no colocas otra figura este turno.
rules-ferries =
    {"*"}*Transbordadores** (+8 losetas de lago, 8 transbordadores).
    Todos los caminos de una loseta de lago terminan en su lago. Después de tu figura (un ladrón va en un final de camino) debes poner un transbordador en el lago que has colocado, uniendo dos de sus finales de camino en un solo camino (`/elegir`); un final sin transbordador completa su camino. Cuando tu loseta amplía un camino con transbordadores, puedes mover el primer transbordador que aparezca en cada dirección del camino, cada uno una vez por turno, para unir otros dos finales de su propio lago: los caminos se separan y se unen, y los seguidores pueden quedar separados. Después puntúan los caminos completados, también uno completado en otro sitio por un cambio. Un lago con transbordador no es una posada; ampliar un camino solo moviendo un transbordador no da al constructor una loseta más.
rules-crop-circles =
    {"*"}*Círculos en los cultivos** (+6 losetas; `crop-circles-1` añade las 6 de la primera serie).
    Tras el turno de una loseta con círculo en los cultivos, su jugador elige (`/elegir`): *añadir* o *retirar*, para los seguidores que indica el círculo: horca, granjeros; maza, ladrones; escudo, caballeros. Después cada jugador, empezando por su izquierda y acabando por él, puede añadir un seguidor de su reserva al lado de uno propio de ese tipo (misma loseta, misma construcción) o debe recuperar uno de los suyos. Se salta a quien no tenga ninguno de ese tipo. Se menciona a los demás con botones; si no responden a tiempo, añadir no añade nada y retirar recupera el colocado antes.
rules-labyrinth =
    {"*"}*El Laberinto** (+2 losetas: cuatro caminos se unen en un laberinto y forman un solo camino).
    Puedes colocar un seguidor en el laberinto aunque su camino esté ocupado, y en un camino que conectes con él si su propio tramo hasta el laberinto no tiene ningún seguidor, haya quien haya en el resto. Cuando el laberinto y todos sus caminos están completados, quien tenga más seguidores en ellos recibe 1 punto por loseta más 2 por cada seguidor que haya en ellos (de todos; el grande cuenta como dos). Sin completar al final: 1 por loseta.
rules-robbers =
    {"*"}*Salteadores** (+8 losetas con el símbolo de salteador, un salteador cada uno).
    Al colocar una loseta de salteador puedes poner tu salteador junto a la ficha de puntuación de otro jugador en el marcador de puntuación, o moverlo allí si ya está fuera (`/elegir` o los botones). Después, el siguiente jugador en el orden de juego que aún tenga su salteador también puede colocarlo: el bot lo menciona con botones; si no responde dentro del plazo de decisión de la partida (`/nueva plazo_decision:1h`, de 1 minuto a 48 horas) no se coloca ningún salteador. `/respuestas salteadores:nunca` responde por ti en el acto. Cuando esa ficha avanza (construcciones completadas, puntuación final, mercancías, oro), el salteador «roba» la mitad de esos puntos, redondeando hacia arriba, para su propietario y vuelve a su reserva; el jugador conserva todos sus puntos. Si avanza varias veces en un mismo momento (una loseta que completa varias construcciones, o la puntuación final entera), el salteador roba la mitad del mayor avance individual (una construcción, un despacho, un tipo de mercancía, el oro; con granjeros clásicos, cada ciudad abastecida). Los salteadores no roban a otros salteadores: un salteador junto a una ficha que avanza por puntos de salteador se queda a su lado. La tabla final nombra los puntos de salteador como tales (su propia columna, o *Otros* junto a mercancías, oro y despachos).
rules-messages =
    {"*"}*Despachos** (sin losetas: una segunda ficha de puntuación, la seguidora, y 8 despachos).
    Tu puntuación es la suma de tus dos fichas. Todos tus puntos de una puntuación van a una sola ficha: en tu turno la eliges tú (`/elegir` o los botones); en turnos ajenos tus puntos van a la ficha más retrasada. Cuando tu ficha cae en 5, 10, 15... tras la puntuación de tu turno, robas el primer despacho (uno por puntuación) y ejecutas su acción o recibes 2 puntos; los puntos de un despacho pueden darte otro. Los despachos: 1/2/3 puntúan tu camino/ciudad/claustro más pequeño como al final (el seguidor se queda), 4: 2 puntos por cada escudo de tus ciudades, 5: 2 por caballero, 6: 2 por granjero (el grande cuenta como dos), 7: coloca una loseta más, 8: uno de tus seguidores puntúa su zona solo para ti si tienes allí la mayoría, y vuelve a tu reserva. En la puntuación final no hay despachos.
rules-cards =
    {"*"}*El juego de cartas de Carcassonne** (de 2 a 5 jugadores).
    Junto a los tableros de ciudad (azul), claustro (amarillo), camino (rojo) y campo (verde) crecen filas de cartas. En tu turno juega una carta de tu mano en el lado abierto de la fila de su color (tu primera carta de la ronda va boca abajo en cualquier fila; los comodines, en cualquier fila), o coloca tu seguidor grande al final de una fila (`/asegurar`): asegura las cartas entre él y el seguidor anterior o el tablero. Sin cartas debes asegurar; con el seguidor colocado debes jugar. Cuando todos han jugado su mano y su seguidor, se puntúan las cartas aseguradas: personajes (suma de los valores × número de cartas de personaje), animales (el valor del rebaño cada vez que crece), dragón y hada 10, personajes boca abajo mal colocados 10; los edificios van debajo de tu cofre y puntúan en series al final (0/5/15/30 por 1-4 diferentes). Quien coloca el último seguidor reparte en la ronda siguiente. `/mano` te enseña tus cartas solo a ti.
rules-bot =
    {"*"}*Cómo juega el bot.** Una partida por canal. Solo juegan los jugadores sentados, y solo mueve quien tiene el turno. `/deshacer` pide deshacer la última jugada (los demás aceptan con `/deshacer` o rechazan con `/deshacer rechazar:true`); puedes retirar tu propia loseta antes de colocar una figura. `/abandonar` deja una partida en curso (tus figuras salen del tablero; tus turnos se saltan). Su creador o quien gestione el canal puede `/anular`. Las partidas sobreviven a los reinicios del bot.
    {"*"}*Esperas.** Al jugador con el turno se le recuerda en el canal tras 12 h sin jugar (`/nueva recordatorio:6h`, `recordatorio:off`; como mucho 3 veces). Con `/nueva limite_turno:24h`, cuando un turno dura más, el bot lo dice y cualquier otro jugador puede `/expulsar jugador:…` al que se retrasa (como si abandonara); hasta entonces aún puede jugar. `/avisos md:activados` te manda un mensaje directo cuando empieza tu turno en cualquier partida; `/partidas` muestra dónde se te espera; `/repeticion` (o `desde:desde mi turno`) muestra lo ocurrido como una animación.
