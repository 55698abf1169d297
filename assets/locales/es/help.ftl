# /ayuda: una introducción y después cada comando de la tabla por secciones (las líneas
# de los comandos salen de src/app/command/ y commands.ftl). 2000 caracteres como mucho.

help-intro =
    {"*"}*Carcassonne en este canal**: una partida por canal, a vuestro ritmo.
    `/nueva`, `/unirse`, `/empezar`. En tu turno el bot publica el tablero: las letras marcan dónde encaja tu loseta. `/colocar lugar:B rotacion:90`, luego `/figura en:…` o `/pasar` (o los menús). Preguntas de las expansiones, también en turnos ajenos: `/elegir` o los botones.
help-any-game = Cualquier partida
help-board-game = Juego de tablero
help-card-game = Juego de cartas
# Palabras que abren una oración subordinada: la descripción de un comando se muestra
# hasta la primera (o hasta sus primeros dos puntos, paréntesis o coma).
help-clause-words = que cuyo
# Palabras tras las que aquellas no abren oración ("antes de que"; "-" si ninguna).
help-clause-not-after = de
