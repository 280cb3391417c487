<?xml version="1.0" encoding="UTF-8"?>
<!-- The stand-in's stylesheet (tests/package/standin-checks.xml): each line
     with its prefix, then the parameter "note" when given. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text"/>
  <xsl:param name="note"/>
  <xsl:template match="/">
    <xsl:for-each select="standin/line">
      <xsl:value-of select="@prefix"/>
      <xsl:value-of select="."/>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
    <xsl:if test="$note">
      <xsl:value-of select="$note"/>
      <xsl:text>&#10;</xsl:text>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
