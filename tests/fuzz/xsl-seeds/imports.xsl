<?xml version="1.0"?>
<!-- imports.xsl: imports and includes, which the fuzz target refuses (no directory) -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:import href="jvmtiLib.xsl"/>
<xsl:include href="http://example.invalid/x.xsl"/>
<xsl:template match="/"/>
</xsl:stylesheet>
