# Las palabras de los motores, con los términos de los reglamentos. Claves: word-…

## Figuras
word-figure-follower = seguidor
word-figure-large = seguidor grande
word-figure-builder = constructor
word-figure-pig = cerdo
word-the-mage = el mago
word-the-witch = la bruja

## Segmentos: "ciudad norte", "camino este+oeste", "campo (NL N)"; .the con el artículo
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
word-message-7 = coloca otra ficha
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
