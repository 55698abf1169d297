# Respuestas, errores, menús y botones de la aplicación y sus frentes (src/app,
# src/discord, src/local.rs). Las respuestas privadas van en el idioma de quien actuó;
# los mensajes públicos, en el idioma de la partida.
# Los nombres de comando son los que Discord muestra a un cliente en español
# (assets/locales/es/commands.ftl).

## Duraciones
app-duration-days = { $n } d
app-duration-hours = { $n } h
app-duration-minutes = { $n } min
app-duration-less-than-a-minute = menos de un minuto

## Sala de espera: /nueva, /unirse, /salir, /empezar, /anadirbot, /anular
app-busy-lobby = { $creator } está preparando una partida en este canal: entra con /unirse, o quien la creó puede /anular.
app-busy-running = Hay una partida en curso en este canal; terminadla, o /anular (quien la creó o quien gestiona el canal).
app-setup-cards = el juego de cartas de Carcassonne para hasta { $players } jugadores
app-setup-board = Carcassonne ({ $sets }; { $farmers }; { $small }) para hasta { $players } jugadores
app-setup-farmers-modern = granjeros: modernos
app-setup-farmers-classic = granjeros: clásicos
app-setup-farmers-off = sin granjeros
app-setup-small-city = ciudades de 2 losetas: { $points } puntos
app-button-join = Unirse
app-button-start = Empezar
app-new-no-seat-left = Con { $bots } jugadores de la máquina no te queda sitio en una partida de { $players }: elige de bots:0 a bots:{ $most }.
app-new-cards-no-options = El juego de cartas no tiene expansiones ni reglas de granjas; usa /nueva juego:cards solo con jugadores.
app-new-cards-players = El juego de cartas es para 2 a 5 jugadores: elige de jugadores:2 a jugadores:5.
app-new-created =
    { $creator } ha preparado { $setup } ({ $timers }).
    Jugadores ({ $seated }/{ $players }): { $roster }. Los demás: /unirse; luego /empezar cuando estéis todos.
app-join-already = Ya estás dentro. Jugadores: { $roster }.
app-join-full = La partida está llena ({ $players } jugadores). Jugadores: { $roster }.
app-join-joined = { $name } se ha unido ({ $seated }/{ $players }): { $roster }.
app-leave-not-in = No estás en esta partida.
app-leave-last = { $name } se ha ido; no queda nadie, así que la partida se cierra.
app-leave-left = { $name } se ha ido. Jugadores: { $roster }.
app-lobby-status =
    Preparando { $setup }.
    Jugadores ({ $seated }/{ $players }): { $roster }. /unirse y luego /empezar.
app-lobby-resign = La partida no ha empezado: usa /salir.
app-lobby-not-started = La partida aún no ha empezado, así que /{ $command } no se puede usar. Jugadores: { $roster } — /unirse y luego /empezar.
app-addbot-not-creator = Solo quien creó la partida ({ $creator }) puede añadir jugadores de la máquina.
app-addbot-joined = { $name } (jugador de la máquina, nivel { $level }) se ha unido ({ $seated }/{ $players }): { $roster }.
app-start-not-joined = Solo quien se ha unido puede empezar la partida: primero /unirse.
app-start-too-few = Una partida necesita al menos 2 jugadores; espera a que alguien use /unirse.
app-start-cannot = La partida no puede empezar: { $reason }.
app-start-started = ¡Empieza la partida! Asientos: { $seats }.
app-abort-not-allowed = Solo quien creó la partida ({ $creator }) o quien gestiona este canal puede anularla.
app-abort-resigned = Abandonaste esta partida, así que ya no puedes anularla; quien gestiona este canal sí puede.
app-abort-lobby = { $name } ha cerrado la partida en preparación.
app-abort-game = { $name } ha anulado la partida; termina sin resultado. /nueva empieza otra.

## /partidas, /avisos, /respuestas, el mensaje directo del turno, las opciones de tiempo
app-games-card-game = juego de cartas
app-games-ordinal = { $n }.º
app-games-your-turn = **tu turno**
app-games-their-turn = turno de { $name }
app-games-you = tú: { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}, { $rank } de { $players }
app-games-row = { $channel } — { $game } — { $who } desde hace { $time } — { $score }
app-games-unreadable = Ahora mismo no se pueden leer las partidas.
app-games-none = No hay ninguna partida en curso en este servidor. /nueva empieza una.
app-games-none-yours = No juegas ninguna partida en curso en este servidor. /partidas todas:true muestra todas las de aquí.
app-games-head-all = Partidas en curso en este servidor ({ $games }):
app-games-head-yours = Tus partidas en curso en este servidor ({ $games }; { $waiting } esperan por ti):
app-notify-on = Mensajes directos: **activados**. Cuando empiece tu turno en cualquier partida, te envío un mensaje directo con el canal, tu loseta (en el juego de cartas: la mesa y tu mano) y la imagen (no se envía nada si tienes los MD cerrados). /avisos md:off los desactiva.
app-notify-off = Mensajes directos: **desactivados**. /avisos md:on te envía uno cuando empiece tu turno en cualquier partida.
app-settings-unsaved = Ahora mismo no se puede guardar tu ajuste; no ha cambiado nada.
app-standing-robbers-never = Salteadores: **nunca**. Cuando la loseta de salteador de otro jugador te permita colocar tu salteador, paso por ti al momento. /respuestas salteadores:ask vuelve a preguntarte.
app-standing-robbers-ask = Salteadores: **preguntar**. Cuando la loseta de salteador de otro jugador te permita colocar tu salteador, te menciono con botones; si no respondes antes del plazo de decisión de la partida, no se coloca ningún salteador. /respuestas salteadores:never pasa por ti.
app-standing-marker-behind = Mensajes: tus puntos en turnos ajenos van a tu marcador más **atrasado** (marcador 1 si empatan). /respuestas marcador:ahead|1|2 lo cambia.
app-standing-marker-ahead = Mensajes: tus puntos en turnos ajenos van a tu marcador más **adelantado** (marcador 1 si empatan). /respuestas marcador:behind|1|2 lo cambia.
app-standing-marker-1 = Mensajes: tus puntos en turnos ajenos van a tu **marcador 1**. /respuestas marcador:behind|ahead|2 lo cambia.
app-standing-marker-2 = Mensajes: tus puntos en turnos ajenos van a tu **marcador 2**. /respuestas marcador:behind|ahead|1 lo cambia.
app-dm-your-turn-call =
    Te toca en { $channel }:
    { $call }
app-dm-your-turn = Te toca en { $channel }.
app-dm-page-link = Juega desde la página: { $url }
app-button-play = Jugar
app-button-open-board = Abrir el tablero
app-page-not-served = Este bot no sirve la página de la partida (quien lo opera configura --web-base).
app-page-your-link = Tu enlace para jugar desde la página: funciona { $hours } horas y solo para ti, así que no lo compartas.
app-page-watch-link = No juegas en esta partida: aquí tienes su página, para verla.
app-page-revoked = La página de la partida tiene un enlace nuevo: ningún enlace dado antes, tampoco los personales, la abre ya, y las páginas abiertas con ellos se han detenido.
app-page-revoke-not-allowed = Solo quien juega esta partida o gestiona el canal puede cambiar el enlace de su página.
app-timers-reminders = recordatorios tras { $time }
app-timers-no-reminders = sin recordatorios
app-timers-limit = { $time } por turno
app-timers-no-limit = sin límite de turno
app-timers-with-deadline = { $reminder }, { $limit }, { $time } para una decisión pedida en el turno de otro

## Comunes
app-no-game = No hay ninguna partida en este canal. Crea una con /nueva (juego:cards para el juego de cartas).
app-game-over = La partida ha terminado.
app-game-finished = La partida de este canal ha terminado: /{ $board }, /{ $status }, /{ $history } y /{ $replay } muestran cómo acabó; /{ $new } empieza otra.
app-not-started = La partida no ha empezado.
app-not-playing = No juegas en esta partida.
app-resigned = Has abandonado esta partida.
app-addbot-started = La partida ya ha empezado: los jugadores de la máquina se añaden antes de /empezar. Un jugador puede cederle su asiento a uno con /abandonar sustituir:ai.
app-storage-failure = Lo siento, ahora mismo no se puede guardar ni cargar la partida; no ha cambiado nada. Vuelve a intentarlo.
app-component-error = Este control ya no sirve ({ $reason }).
app-component-gone = Este botón o menú ({ $id }) ya no sirve.
app-quarantined = No se ha podido leer la partida guardada de este canal ({ $reason }); se ha apartado para los administradores. Empieza otra con /nueva.
app-notice-restored = Tras un problema de almacenamiento se ha restaurado la partida de este canal desde la copia { $file }: ha vuelto a la jugada { $moves }. Las jugadas hechas después de esa copia pueden haberse perdido; mirad el tablero y seguid desde aquí.
app-notice-rebuilt = Tras un problema de almacenamiento se ha reconstruido la partida de este canal con lo que aún se podía leer: está en la jugada { $moves }. Las jugadas hechas después pueden haberse perdido; mirad el tablero y seguid desde aquí.

## /estadisticas
app-stats-unreadable = Ahora mismo no se pueden leer las estadísticas.
app-stats-none = Aún no hay partidas terminadas en este servidor. /nueva empieza una.
app-stats-head = **{ $games ->
    [one] 1 partida terminada
   *[other] { $games } partidas terminadas
} en este servidor** ({ $board } de Carcassonne, { $cards } del juego de cartas).
app-stats-most-wins = Más victorias:
app-stats-player = { $rank }. { $player } — { $wins } de { $games ->
    [one] 1 partida ganada
   *[other] { $games } partidas ganadas
}, mejor puntuación { $best }
app-stats-you = Tú: { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}, { $wins } ganadas, mejor puntuación { $best }, media { $average }.
app-stats-you-none = Aún no has terminado ninguna partida aquí.

## /repeticion
app-replay-not-playing = No juegas en esta partida, así que no hay ningún turno tuyo desde el que empezar: usa /repeticion para la partida entera.
app-replay-nothing-since = No se ha jugado ningún turno desde entonces; aquí está el tablero.
app-replay-since = Repetición desde el último turno de { $name }: { $turns } { $turns ->
    [one] turno
   *[other] turnos
}, y luego el tablero tal como está.
app-replay-whole = Repetición de la partida entera: { $turns } { $turns ->
    [one] turno
   *[other] turnos
}, y luego el tablero tal como está.
app-replay-impossible = Esta partida no se puede repetir.

## /deshacer
app-undo-refused = { $name } no acepta deshacer la jugada; la partida sigue.
app-undo-nothing-to-refuse = No hay ninguna petición de deshacer que rechazar.
app-undo-no-move = Aún no hay ninguna jugada que deshacer.
app-undo-already-agreed = Ya has aceptado; esperando a los demás jugadores.
app-undo-asked = { $asker } pide deshacer la última jugada. { $players }: { $count ->
    [one] acepta con /deshacer (o el botón), o rechaza
   *[other] aceptad con /deshacer (o el botón), o rechazad
} con /deshacer rechazar:true.
app-button-undo-agree = Aceptar deshacer
app-button-undo-refuse = Rechazar

## /expulsar
app-kick-not-player = Solo los jugadores de esta partida pueden /expulsar a un jugador cuyo tiempo se ha agotado.
app-kick-no-such-player = No hay ningún jugador '{ $who }' en esta partida (jugadores: { $players }).
app-kick-yourself = No puedes expulsarte a ti mismo; /abandonar te saca de la partida.
app-kick-no-limit = Esta partida no tiene límite de turno (se fija con /nueva limite_turno:…), así que no se puede expulsar a nadie.
app-kick-not-awaited = Solo se puede expulsar al jugador al que espera la partida, y ese es { $awaited }, no { $named }.
app-kick-not-yet = A { $name } aún no se le ha acabado el tiempo de este turno: le quedan { $left } de { $limit }.
app-kick-removed = { $name } ha sacado a { $kicked } de la partida: se le acabó el tiempo del turno ({ $limit }).

## El juego de tablero: turnos y negativas
app-started-already = La partida ya ha empezado; /estado la muestra. Un jugador puede /abandonar para dejarla.
app-board-card-command = Ese es un comando del juego de cartas; en este canal se juega al de tablero.
app-not-playing-watch = No juegas en esta partida (jugadores: { $players }). Puedes mirar: /tablero, /estado.
app-command-unavailable = /{ $command } no está disponible aquí.
app-waiting-tile = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} colocar la loseta robada: { $tile }.
app-waiting-figure = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} colocar una figura o pasar.
app-not-your-turn = No es tu turno. { $waiting }
app-tile-down = Tu loseta ya está puesta: coloca una figura (/figura en:…) o /pasar.
app-place-tile-first = Primero coloca tu loseta ({ $tile }) con /colocar (lugares en la imagen).
app-answer-first = Primero { $question } (/elegir opcion:…, o el menú).
app-answer-the-question = responde a la pregunta de la partida
app-default-applies = se aplica la opción por defecto
app-forced-move = { $name } solo tenía una jugada posible, así que se hizo sin preguntar:

## El juego de tablero: el mensaje del turno, menús, /estado, el final
app-your-turn = { $disc } { $player }, te toca: has robado **{ $tile }**. Encaja en los lugares { $spots } — /colocar lugar:… rotacion:…  ({ $left ->
    [one] queda 1 loseta
   *[other] quedan { $left } losetas
})
app-your-turn-extra = { $disc } { $player }, te toca: has robado **{ $tile }** (loseta extra del constructor). Encaja en los lugares { $spots } — /colocar lugar:… rotacion:…  ({ $left ->
    [one] queda 1 loseta
   *[other] quedan { $left } losetas
})
app-menu-spot-turned = { $spot } · girada { $degrees }°
app-menu-spot-at = en { $at }
app-menu-place-tile = Coloca la loseta…
app-menu-spot = Lugar { $spot }
app-menu-choose-spot = Elige un lugar…
app-menu-place-figure = Coloca una figura…
app-menu-choose = Elige…
app-button-pass = Pasar
app-ask-question = { $disc } { $player }, { $question } (menú de abajo o /elegir opcion:…).
app-ask-figure = { $disc } { $player }, coloca una figura (menú de abajo o /figura en:…), o /pasar.
app-game-over-title = **¡Fin de la partida!**
app-resigned-mark = (abandonó)
# El final: una línea por jugador, por puesto ($place: 1 para el primero), sus puntos por tipo.
app-final-place = { $place }.º
app-final-player = { $disc } { $player } — { $place }, **{ $points }** { $points ->
    [one] punto
   *[other] puntos
}{ $parts }{ $resigned }
# De los puntos de un tipo ($total), los de construcciones sin terminar al final.
app-final-incomplete = { $total } ({ $points } por { $count ->
    [one] una construcción
   *[other] { $count } construcciones
} sin terminar)
app-status-spots = Lugares: { $spots }.
app-status-tiles-left = { $left ->
    [one] Queda 1 loseta.
   *[other] Quedan { $left } losetas.
}
app-status-player = { $disc } { $name } — { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}; le quedan: { $figures }

## El juego de tablero: colocar una loseta o una figura, /deshacer
app-place-no-such-spot = No hay ningún lugar '{ $spot }'. Tu loseta puede ir en los lugares { $spots } (mira /tablero).
app-place-not-at = Tu loseta no puede ir en { $at }. Encaja en los lugares { $spots } (mira /tablero).
app-place-both = Da o bien la letra de un lugar, o bien x e y, no ambas cosas.
app-place-where = ¿Dónde? Da la letra de un lugar (tu loseta encaja en { $spots }) o x e y.
app-place-rotation-misfit = Tu loseta no encaja en el lugar { $spot } girada { $degrees }; ahí encaja girada { $fits }.
app-place-not-at-because = Tu loseta no puede ir en { $at }: { $reason }. Encaja en los lugares { $spots } (mira /tablero).
app-place-rotation-refused = Tu loseta no puede ir en el lugar { $spot } girada { $degrees }: { $reason }. Ahí encaja girada { $fits }.
app-button-turned = Girada { $degrees }°
app-place-which-rotation = ¿Qué giro? En el lugar { $spot } tu loseta encaja girada { $fits } (rotacion:…).
app-spots-none = ninguno
app-two-words = { $first } y { $second }
app-or = o
app-not-allowed = no permitido
app-figure-can-place = Puedes colocar: { $choices }. O /pasar.
app-figure-only-pass = Solo puedes /pasar.
app-figure-unknown-place = No sé dónde está '{ $on }' en tu loseta. Puedes colocar: { $choices }. O /pasar.
app-figure-which-spot = '{ $on }' nombra { $count } lugares de tu loseta: { $choices }. Di cuál con su número, p. ej. /figura en:{ $number }.
app-figure-which = ¿Qué figura en { $segment }? tipo: { $kinds }.
app-undo-past-resignation = { $name } abandonó después de colocarse la última loseta, y un abandono no se puede deshacer: no hay jugada que deshacer.
app-undo-impossible = La jugada no se puede deshacer: { $reason }.
app-undo-done = Se ha deshecho la última jugada.
app-undo-done-moves = Deshecho: { $moves }

## Jugadores de la máquina, tiempos
app-resign-to-ai = { $name } ha dejado la partida; { $note }
app-hand-over = **{ $name }** (nivel { $level }) juega su asiento a partir de ahora.
app-ai-storage-failure = Lo siento, no se ha podido guardar la jugada de un jugador de la máquina; la partida la espera y se jugará de nuevo con el próximo comando.
app-reminder = ⏰ { $player } — esta partida lleva { $time } esperándote. { $waiting } /tablero muestra la imagen.
app-reminder-last = ⏰ { $player } — esta partida lleva { $time } esperándote (último recordatorio). { $waiting } /tablero muestra la imagen.
app-deadline-passed = ⌛ Se ha acabado el tiempo de { $player } para este turno ({ $limit }). Cualquier otro jugador puede sacarle ya de la partida con /expulsar jugador:{ $name } (como si abandonara); mientras nadie lo haga, aún puede jugar.
app-decision-default = ⌛ { $player } no decidió en { $limit }, así que la partida sigue: { $default }.
app-your-move = { $player }, te toca.

## El juego de cartas
app-cards-started-already = La partida ya ha empezado; /estado la muestra.
app-cards-board-command = Ese es un comando del juego de tablero; en este canal se juega al de cartas (/jugar, /asegurar, /mano).
app-cards-command-unavailable = /{ $command } no está disponible en el juego de cartas.
app-cards-no-such-row = No hay ninguna fila '{ $row }'; filas: { $rows }.
app-cards-waiting = Esperando a { $name }: { $what }.
app-cards-waiting-you = Te toca: { $what }.
app-cards-resigned = **{ $name }** ha abandonado, lo que termina el juego de cartas. Mejor puntuación entre los demás: { $best } ({ $points }).
app-cards-first = Primero { $what } (/elegir).
app-cards-only-follower = Solo te queda por jugar tu seguidor: /asegurar fila:…
app-cards-not-in-hand = No tienes '{ $card }' en la mano. Tu mano: { $hand }.
app-cards-which-row = ¿Qué fila? { $card } puede ir en cualquier fila (fila: { $rows }).
app-cards-face-down-first = Tu primera carta de la ronda va boca abajo en cualquier fila.
app-cards-own-row = { $card } va boca arriba en su propia fila ({ $row }); solo los comodines van en cualquier fila.
app-cards-your-turn-play = Te toca: /jugar una carta o /asegurar una fila.
app-cards-not-a-choice = '{ $option }' no es una opción aquí. Elige: { $choices }.
app-cards-choose-list = Elige con /elegir: { $choices }.
app-cards-round = Ronda { $round } de { $rounds }.
app-cards-your-move = { $disc } { $player }, te toca: { $what }.
app-button-show-hand = Ver mi mano
app-button-show-hand-again = Ver mi mano otra vez
app-cards-hand-empty = Tu mano está vacía.
app-cards-hand = Tu mano: { $cards }.
app-cards-turn-face-down = Te toca: tu primera carta de esta ronda va boca abajo en cualquier fila.
app-cards-turn-face-up = Te toca: juega una carta boca arriba en su fila (comodines: cualquier fila).
app-cards-or-secure = O asegura una fila con tu seguidor (los botones o /asegurar).
app-cards-turn-secure-only = Te toca: solo te queda por jugar tu seguidor; asegura una fila con él (los botones o /asegurar).
app-cards-button-secure = Asegurar la { $row }
app-cards-play-option = { $card } → { $row }
app-cards-play-option-face-down = { $card } → { $row } (boca abajo)
app-cards-menu-play = Juega una carta…
app-cards-you-must = Debes { $what } (/elegir).
app-cards-choices = Opciones (/elegir o los botones): { $choices }.
app-cards-status-round = Ronda { $round } de { $rounds }; reparte { $dealer }; { $pile ->
    [one] queda 1 carta
   *[other] quedan { $pile } cartas
} por repartir.
app-cards-status-player-ready = { $disc } { $name } — { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}; { $hand ->
    [one] 1 carta
   *[other] { $hand } cartas
} en la mano; seguidor listo; rebaños: { $herds }; cofre: { $chest ->
    [one] 1 carta
   *[other] { $chest } cartas
}
app-cards-status-player-out = { $disc } { $name } — { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}; { $hand ->
    [one] 1 carta
   *[other] { $hand } cartas
} en la mano; seguidor fuera; rebaños: { $herds }; cofre: { $chest ->
    [one] 1 carta
   *[other] { $chest } cartas
}
app-cards-no-herds = ninguno
app-cards-final-player = { $rank }. { $disc } { $player } — **{ $points }** (edificios { $building } de { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
})

## Comandos escritos: qué sería válido
app-parse-unknown-command = comando desconocido /{ $command }; comandos: /{ $commands }
app-parse-no-options = /{ $command } no tiene opciones
app-parse-no-such-option = /{ $command } no tiene la opción '{ $option }'; opciones: { $options }
app-parse-option-twice = /{ $command } ha recibido la opción { $option } dos veces; da cada opción una vez
app-parse-option-needed = /{ $command } necesita la opción { $option }: { $description }
app-parse-empty = no puede estar vacío
app-parse-not-a-number = '{ $value }' no es un número entero
app-parse-expects-number = espera un número entero
app-parse-out-of-range = { $value } está fuera de rango (de { $min } a { $max })
app-parse-not-a-bool = '{ $value }' no es true ni false
app-parse-not-a-choice = '{ $value }' no es ninguno de { $choices }
app-parse-not-a-rotation = { $value } no es una rotación: 0, 90, 180 o 270 (grados en el sentido de las agujas del reloj)
app-parse-unknown-expansion = expansión desconocida '{ $name }' (conocidas: { $known })
app-parse-timer = /{ $command } { $option }: '{ $value }' no es off ni un tiempo de { $min } a { $max } (p. ej. 12h, 2d, 1d12h)
app-parse-deadline = /{ $command } { $option }: '{ $value }' no es un tiempo de { $min } a { $max } (p. ej. 30m, 1h, 2d)

## El modo local
app-local-clock-moves = el reloj avanza { $time }
app-local-bad-line = No entiendo la línea ({ $reason }). Escribe NOMBRE: /comando opcion:valor

## /idioma
app-language-en = inglés (English)
app-language-es = español
app-language-shown = En público, esta partida habla { $language }. Quien la creó o quien gestiona el canal puede cambiarlo con /idioma cambiar:…
app-language-not-allowed = Solo quien creó la partida ({ $creator }) o quien gestiona este canal puede cambiar su idioma.
app-language-already = La partida ya habla { $language }.
app-language-changed = { $name } ha puesto la partida en { $language }: sus mensajes e imágenes lo usan a partir de ahora.

## El frente de Discord
app-discord-apology = Lo siento, algo ha fallado al atender esto; no ha cambiado nada.
app-discord-token-refused = El bot no puede actuar ahora: Discord ha rechazado su token y quien lo gestiona tiene que darle uno nuevo. No ha cambiado nada.
app-discord-done = Hecho.
app-discord-more-choices = Más opciones:
app-discord-file-too-big = { $file } ({ $size }) queda fuera: aquí Discord acepta archivos de { $limit } como máximo.
app-discord-file-too-big-page = { $file } ({ $size }) queda fuera: aquí Discord acepta archivos de { $limit } como máximo. La página de la partida lo muestra todo.
app-discord-size-kb = { $kb } KB
app-discord-size-mb = { $whole },{ $tenth } MB
app-discord-missing-permissions = No puedo jugar aquí: me { $count ->
    [one] falta el permiso
   *[other] faltan los permisos
} **{ $permissions }** en este canal, así que no he podido publicar la partida. No ha cambiado nada. Pide a un administrador del servidor que me { $count ->
    [one] lo conceda
   *[other] los conceda
} aquí (ajustes del canal > Permisos).
app-discord-not-announced = Tu comando `{ $command }` en { $channel } se hizo y se guardó, pero Discord no me dejó anunciarlo allí. /tablero muestra la partida tal como está.
app-discord-unknown-command = `/{ $command }` no es (ya) uno de mis comandos: Discord puede mostrar una lista antigua durante unos minutos tras una actualización. /ayuda muestra los comandos.
app-discord-locked-thread = Este hilo está bloqueado: solo los moderadores pueden publicar en él, así que no podría anunciar aquí los turnos de la partida. Un moderador puede desbloquearlo (menú del hilo > **Desbloquear hilo**), o jugad en otro canal o hilo.
app-discord-private-thread = No estoy en este hilo privado, así que no podría anunciar aquí los turnos de la partida. Añádeme primero: mencióname en el hilo (@Carcassonne) y confírmalo, o usa **Añadir miembros** del hilo; luego `/nueva` otra vez.
app-discord-move-not-announced = La partida de { $channel } siguió (pasó el plazo de una decisión, o movió un jugador de la computadora) y se guardó, pero Discord no me dejó anunciarlo allí. /tablero muestra la partida tal como está.
app-discord-unreachable = Ya no puedo publicar en { $channel }, así que su partida no recibirá más recordatorios ni avisos allí. Dame **View Channel** y **Send Messages** allí (en un hilo privado: añádeme a él; en un hilo bloqueado: desbloquéalo) y seguid jugando: volverán con la próxima jugada.
app-discord-dms-closed = No pude enviarte un mensaje directo (Discord los rechaza: tienes cerrados los mensajes directos de los miembros de este servidor o los míos), así que tus avisos de turno por mensaje directo quedan **desactivados**. Permite los mensajes directos y vuelve a activarlos con `/avisos md:on`.
app-local-not-utf8 = esta línea no es texto UTF-8 válido, así que no se ha ejecutado; escríbela otra vez

## Autocompletar
app-autocomplete-spot = { $spot } — en { $at } (giro { $rotations })

## /history
app-history-none = Aún no hay jugadas.
app-history-last = { $shown ->
    [one] Última
   *[other] Últimas
} { $shown } de { $moves } { $moves ->
    [one] jugada
   *[other] jugadas
}:
app-history-broken = No se puede reconstruir el historial.
app-choose-not-a-choice = '{ $option }' no es una opción aquí. Elige una de: { $choices }{ $more ->
    [0] {""}
   *[other] {" "}y { $more } más (el autocompletado las muestra)
}.
app-choose-list = Puedes elegir: { $choices }{ $more ->
    [0] {""}
   *[other] {" "}y { $more } más (el menú las muestra)
}. Responde con /elegir o con el menú.
app-choose-nothing = Ahora no hay nada que elegir. { $waiting }
app-choose-not-yours = No es tu decisión. { $waiting }
app-component-stale = Este menú es de un turno anterior: no se ha hecho nada. Usa el último mensaje (o /tablero).
app-undo-request-over = Esa petición de deshacer ya terminó: no se ha hecho nada. Usa /deshacer para pedirlo de nuevo.

## Constructores y Comerciantes
app-status-goods = ; mercancías: vino { $wine }, grano { $grain }, tela { $cloth }

## Minas de Oro
app-waiting-gold = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} colocar el segundo lingote (/elegir).
app-status-gold = ; lingotes: { $gold }

## Despachos
app-waiting-marker = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} elegir un marcador de puntuación o usar un despacho (/elegir).
app-status-markers = ; marcadores en { $first } y { $second }

## Salteadores
app-waiting-robber = { $you ->
    [yes] Te toca decidir si colocas
   *[no] Le toca a { $name } decidir si coloca
} un salteador o no (/elegir).
app-default-no-robber = no se coloca ningún salteador
app-status-robber = ; salteador junto al marcador de { $name }
app-status-robber-marker = ; salteador junto al marcador { $marker } de { $name }

## Mago y Bruja
app-waiting-magic = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} colocar, mover o quitar al mago o a la bruja (/elegir).
app-status-magic = { $figure ->
    [mage] El mago
   *[other] La bruja
} { $place ->
    [none] no está en el tablero.
   *[other] está en { $place }.
}

## Máquinas voladoras
app-waiting-land = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} aterrizar el { $figure } que vuela (/elegir).

## Transbordadores
app-waiting-ferry = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} colocar o mover un transbordador (/elegir).

## Círculos en los cultivos
app-waiting-crop = { $you ->
    [yes] Te toca
   *[no] Le toca a { $name }
} responder al círculo de cultivo (/elegir).
app-activity-no-game = No hay ninguna partida en este canal: empieza una con /new y abre luego la Actividad.
app-activity-off = La Actividad no está configurada para este bot.
app-activity-refused = Discord no ha querido abrir la Actividad aquí (puede que las Actividades no estén activadas para esta aplicación, o que tu Discord sea demasiado antiguo).
app-activity-link = La página de la partida, en tu navegador: { $link }
