{{- /* The only public entry: the app host (SPA, gateway API, Stripe webhook) and, when that
app is enabled, the renderer origin on its own host. No other service is ever a backend. */}}
{{- if .Values.ingress.enabled }}
{{- $enabled := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $usercontent := has "usercontent" $enabled }}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ include "core-vault.fullname" . }}
  labels:
    {{- include "core-vault.labels" . | nindent 4 }}
  {{- with .Values.ingress.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with .Values.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- if .Values.ingress.tls.enabled }}
  tls:
    - hosts: [{{ .Values.ingress.host | quote }}]
      secretName: {{ required "ingress.tls.secretName is required when TLS is on" .Values.ingress.tls.secretName }}
    {{- if $usercontent }}
    - hosts: [{{ .Values.ingress.usercontentHost | quote }}, {{ printf "*.%s" .Values.ingress.usercontentHost | quote }}]
      secretName: {{ required "ingress.tls.usercontentSecretName is required when TLS is on" .Values.ingress.tls.usercontentSecretName }}
    {{- end }}
  {{- end }}
  rules:
    - host: {{ .Values.ingress.host | quote }}
      http:
        paths:
          {{- range $route := .Values.ingress.routes }}
          {{- if not (has $route.app (list "gateway" "web")) }}
          {{- fail (printf "ingress.routes: %s may not be public (only gateway and web; usercontent has its own host)" $route.app) }}
          {{- end }}
          {{- if has $route.app $enabled }}
          {{- $app := include "core-vault.app" (dict "root" $ "name" $route.app) | fromYaml }}
          - path: {{ $route.path }}
            pathType: {{ $route.pathType | default "Prefix" }}
            backend:
              service:
                name: {{ include "core-vault.appName" (dict "root" $ "name" $route.app) }}
                port:
                  number: {{ $app.port }}
          {{- end }}
          {{- end }}
    {{- if $usercontent }}
    {{- $app := include "core-vault.app" (dict "root" $ "name" "usercontent") | fromYaml }}
    {{- /* The renderer's own host and one origin per artifact below it ({label}.host). */}}
    {{- range $host := list .Values.ingress.usercontentHost (printf "*.%s" .Values.ingress.usercontentHost) }}
    - host: {{ $host | quote }}
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: {{ include "core-vault.appName" (dict "root" $ "name" "usercontent") }}
                port:
                  number: {{ $app.port }}
    {{- end }}
    {{- end }}
{{- end }}
