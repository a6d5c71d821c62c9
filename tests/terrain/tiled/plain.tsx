<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="plain" tilewidth="32" tileheight="32" tilecount="4" columns="4">
 <image source="plain.png" width="128" height="32"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="open"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="woods"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="building"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
</tileset>
