{{- /* Ingress rules per app: traffic only from the apps that call it, i.e. whose `upstreams`
list it (the gateway calls every service, billing calls identity and artifacts for the data
export, the renderer calls the gateway), and for public apps (gateway, web, usercontent) from the
ingress controller. Kubelet probes are not subject to NetworkPolicy. Egress (MongoDB, Kafka,
Redis, SMTP, Stripe) is left open. */}}
{{- if .Values.networkPolicy.enabled }}
{{- $enabled := include "core-vault.enabledApps" . | fromYamlArray }}
{{- range $name := $enabled }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "core-vault.selectorLabels" $ctx | nindent 6 }}
  policyTypes: [Ingress]
  {{- $callers := list }}
  {{- range $other := $enabled }}
  {{- $o := include "core-vault.app" (dict "root" $ "name" $other) | fromYaml }}
  {{- if has $name $o.upstreams }}{{- $callers = append $callers $other }}{{- end }}
  {{- end }}
  ingress:
    {{- if or (eq $app.exposure "public") $callers }}
    - from:
        {{- if eq $app.exposure "public" }}
        {{- with $.Values.networkPolicy.ingressController }}
        - namespaceSelector:
            {{- toYaml .namespaceSelector | nindent 12 }}
          {{- with .podSelector }}
          podSelector:
            {{- toYaml . | nindent 12 }}
          {{- end }}
        {{- end }}
        {{- end }}
        {{- range $caller := $callers }}
        - podSelector:
            matchLabels:
              {{- include "core-vault.selectorLabels" (dict "root" $ "name" $caller) | nindent 14 }}
        {{- end }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
    {{- if and $.Values.networkPolicy.monitoring.enabled $app.metrics.scrape }}
    - from:
        - namespaceSelector:
            {{- toYaml $.Values.networkPolicy.monitoring.namespaceSelector | nindent 12 }}
      ports:
        - port: http
          protocol: TCP
    {{- end }}
{{- end }}
{{- end }}
