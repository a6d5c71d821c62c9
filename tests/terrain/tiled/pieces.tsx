<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="pieces" tilewidth="32" tileheight="32" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="open"/>
  </properties>
  <image width="32" height="32" source="grass.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="woods"/>
  </properties>
  <image width="32" height="32" source="tree.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="building"/>
  </properties>
  <image width="32" height="32" source="house.png"/>
 </tile>
</tileset>
