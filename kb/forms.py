from django import forms

from kb.models import Report


class ReportForm(forms.ModelForm):
    class Meta:
        model = Report
        fields = ["reason", "details", "email"]
        widgets = {
            "reason": forms.RadioSelect,
            "details": forms.Textarea(attrs={"rows": 4, "maxlength": 4000}),
        }
        labels = {"details": "What should change? (optional)", "email": "Your email, if you want an answer (optional)"}
