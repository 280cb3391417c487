<?xml version="1.0"?>
<!DOCTYPE xsl:stylesheet [ <!ENTITY nl "&#10;"> ]>
<!-- features.xsl: a little of everything the stylesheet loader compiles (imports: imports.xsl) -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:t="urn:t">
<xsl:output method="text" indent="no" omit-xml-declaration="yes"/>
<xsl:strip-space elements="*"/>
<xsl:param name="majorversion"/>
<xsl:variable name="v" select="document('')//t:i"/>
<xsl:key name="k" match="function" use="@id"/>
<t:list><t:i>b</t:i><t:i>A</t:i></t:list>
<xsl:template match="/">
  <xsl:choose>stray
    <xsl:when test="$majorversion &gt; 8">new&nl;</xsl:when>
    <xsl:otherwise><xsl:message terminate="no">old</xsl:message></xsl:otherwise>
  </xsl:choose>
  <xsl:for-each select="//event">
    <xsl:sort select="@id"/>
    <xsl:sort select="@num" data-type="number" order="descending"/>
    <xsl:value-of select="concat(@id, ' ', count(key('k', @id)))"/>
    <xsl:text>&#10;</xsl:text>
  </xsl:for-each>
  <xsl:apply-templates select="//function[1]" mode="m"><xsl:with-param name="p" select="1"/></xsl:apply-templates>
  <xsl:call-template name="t"/>
</xsl:template>
<xsl:template match="function" mode="m"><xsl:param name="p"/><xsl:number/><xsl:copy-of select="."/></xsl:template>
<xsl:template name="t"><xsl:element name="x{1+1}"><xsl:attribute name="a">1</xsl:attribute></xsl:element></xsl:template>
</xsl:stylesheet>
