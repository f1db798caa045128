{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "core-vault.selectorLabels" $ctx | nindent 4 }}
  ports:
    - name: http
      port: {{ $app.port }}
      targetPort: http
      protocol: TCP
{{- end }}
