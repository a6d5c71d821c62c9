<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="32" columns="8">
 <image source="../assets/tiles/terrain.png" width="256" height="128"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="open"/>
   <property name="variant" value="grass-1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="open"/>
   <property name="variant" value="grass-2"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="open"/>
   <property name="variant" value="grass-3"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="open"/>
   <property name="variant" value="grass-flowers"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="road"/>
   <property name="variant" value="road-ew"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="road"/>
   <property name="variant" value="road-ns"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="road"/>
   <property name="variant" value="road-plain"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="road"/>
   <property name="variant" value="bridge-ew"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="road"/>
   <property name="variant" value="bridge-ns"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="woods"/>
   <property name="variant" value="woods-1"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="woods"/>
   <property name="variant" value="woods-2"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="woods"/>
   <property name="variant" value="woods-3"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="woods"/>
   <property name="variant" value="woods-4"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="marsh"/>
   <property name="variant" value="marsh-1"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="marsh"/>
   <property name="variant" value="marsh-2"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="marsh"/>
   <property name="variant" value="marsh-3"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="ploughland"/>
   <property name="variant" value="plough-ew"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="ploughland"/>
   <property name="variant" value="plough-ns"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="scrub"/>
   <property name="variant" value="scrub-1"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" value="scrub"/>
   <property name="variant" value="scrub-2"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" value="scrub"/>
   <property name="variant" value="scrub-3"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" value="river"/>
   <property name="variant" value="river-1"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="terrain" value="river"/>
   <property name="variant" value="river-2"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="terrain" value="river"/>
   <property name="variant" value="river-3"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="terrain" value="ford"/>
   <property name="variant" value="ford-1"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="terrain" value="ford"/>
   <property name="variant" value="ford-2"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="terrain" value="impassable"/>
   <property name="variant" value="rock-1"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="terrain" value="impassable"/>
   <property name="variant" value="rock-2"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="terrain" value="building"/>
   <property name="variant" value="thatch-n"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="terrain" value="building"/>
   <property name="variant" value="thatch-s"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="terrain" value="building"/>
   <property name="variant" value="slate-n"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="terrain" value="building"/>
   <property name="variant" value="slate-s"/>
  </properties>
 </tile>
</tileset>
